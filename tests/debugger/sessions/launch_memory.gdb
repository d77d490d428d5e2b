# Buffers and global memory whenever the launch exists: with the focus on a work-item
# whose work-group is not running, and at the launch's start after reverse-continue.
# Private and __local memory need the work-group: the errors say so.
break race_tiled_matmul.cl:15 if ly == 4
run
workitem 8 8
x/4f B
print B[17] + n
watch C[17]
print t
x/2f &As
info locals
delete 1
continue
reverse-continue
x/4f C+16
print C[17]
delete 2
watch C[18]
continue
quit
