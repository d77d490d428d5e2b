# A struct split into registers at -O2: its members from their parts (a part whose
# value is gone prints <optimized out>); set var refuses a part.
break struct_parts.cl:14
break struct_parts.cl:15
run
info locals
print p.g * p.b
continue
print p
print p.total
workitem 2
print p
print p.b
set var p.r = 1
quit
