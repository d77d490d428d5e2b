# A float3 the compiler keeps in a 4-component register at -O2 prints its 3
# components, as the same variable in memory at -O0 does.
break vec3_accumulate.cl:10 if j == 2
run
print a
print a.y * 2
print p
print pos[j]
info locals
quit
