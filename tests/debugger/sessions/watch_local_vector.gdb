# A watchpoint on an element of a __local float4 array: it stops after the work-item
# that stores the whole vector (one stop, old and new value in full), in its own
# work-group only (group 1 storing its own tile[3] does not stop); a component of it.
break local_vector_tile
run
watch tile[3]
continue
print tile[3]
print tile[3].s2
print l
reverse-continue
print tile[3]
continue
delete 1
continue
quit
