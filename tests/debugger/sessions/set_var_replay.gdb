# set var across replays: a reverse command runs the launch again and stores the
# values set where they were set (a variable in memory at -O0, in its register at
# -O2; a buffer element no work-item writes), so the launch computes with them again;
# going back before the point they were set shows the values of then, going forward
# from there sets them again, and last-write names set var.
delete on-finding
break global_bounds.cl:12
run
set var v = 100
set var out[15] = 77
print v
next
print out[0]
reverse-step
print v
print out[15]
next
print out[0]
last-write out[15]
last-write out[0]
reverse-continue
print v
print out[15]
reverse-stepi
print v
print out[15]
stepi
print v
print out[15]
next
print out[0]
continue
print v
print out[15]
quit
