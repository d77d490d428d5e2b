# The walk-through of docs/debugging.md: the second warp of a work-group reads the
# tile the first warp has already replaced with the next one (no barrier after the
# inner product). last-write names the writer and its line; the writer is a tile
# ahead; stepping back shows the element as it was at the barrier.
break race_tiled_matmul.cl:15 if ly == 4
run
print t
print Bs[0][lx]
print B[t * n + col]
last-write Bs[0][lx]
info workitems
workitem 0 0
print t
workitem 0 4
reverse-step
print Bs[0][lx]
print Bs[7][7]
quit
