# The fixed walk-through kernel: the element read is the current tile's.
break race_tiled_matmul_fixed.cl:15 if ly == 4
run
print t
print Bs[0][lx]
print B[t * n + col]
last-write Bs[0][lx]
info workitems
delete
continue
quit
