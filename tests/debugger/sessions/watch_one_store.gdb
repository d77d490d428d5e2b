# One warp's store writes two watched elements: each watchpoint stops, at the same line,
# in the work-item that wrote it (C[17] is row 1, column 1; C[18] column 2).
break race_tiled_matmul.cl:17
run
delete 1
watch C[17]
watch C[18]
continue
continue
reverse-continue
continue
continue
quit
