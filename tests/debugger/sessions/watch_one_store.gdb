# One warp's store writes two watched elements: each watchpoint stops, at the same line,
# in the work-item that wrote it (C[17] is row 1, column 1; C[18] column 2), as gdb
# stops once per thread. reverse-continue from the second goes back to the first, and
# going on from there stops at the second again.
break race_tiled_matmul.cl:17
run
delete 1
watch C[17]
watch C[18]
continue
continue
reverse-continue
continue
reverse-continue
reverse-continue
continue
continue
continue
quit
