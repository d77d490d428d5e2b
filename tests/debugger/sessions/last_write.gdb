# last-write: the launch is replayed up to the stop and the last store to the element
# before now is named. Work-item 63 reads tile[0] on line 9, written by work-item 0 on
# line 8 with no barrier between (the race); group 1's tile is other memory.
break race_local_read_write.cl:8 if l == 31
run
last-write tile[32]
print tile[32]
last-write out[31]
last-write in[3]
last-write l
next
last-write out[31]
delete
break race_local_read_write.cl:9 if l == 63
continue
print tile[(l + 1) % 64]
last-write tile[(l + 1) % 64]
last-write tile[l]
last-write out[31]
continue
print l
last-write tile[0]
last-write out[31]
last-write out[127]
quit
