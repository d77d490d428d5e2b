# info workitems at a barrier; watch an element of a buffer.
break race_local_read_write.cl:7 if l == 40
run
info workitems
print l
print tile[40]
delete
watch out[41]
continue
print l
print tile[(l + 1) % 64] - tile[l]
quit
