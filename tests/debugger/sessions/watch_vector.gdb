# watch an element of a float4 buffer and a component of one: one stop per store of the
# vector (its components are stored one by one), old and new values in full; the same
# stop again after reverse-continue; last-write of a vector and of a component; a
# private vector cannot be watched. A vector and its component written by one store of
# one work-item stop once, reporting both (as gdb reports two watchpoints one
# instruction triggers).
break vec3_accumulate.cl:12
run
watch p.s2
watch acc[5]
watch acc[6].y
watch acc[5].y
info breakpoints
continue
print acc[5]
reverse-continue
print acc[5]
continue
continue
last-write acc[5]
last-write acc[6].y
continue
quit
