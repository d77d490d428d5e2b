# reverse-finish out of store_scaled, a call at -O0 and inlined by the compiler at -O2.
delete on-finding
break global_bounds.cl:5
run
bt
rf
bt
print v
step
bt
quit
