# info workitems while the group's second warp has not run: its work-items have not
# started; the focus moved to one of them says so, and stops there when it runs.
break race_local_read_write.cl:6
run
info workitems
workitem 40
continue
info workitems
quit
