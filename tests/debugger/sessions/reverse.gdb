# Reverse execution by replay: out of and back into a call, back over assignments
# (the old values: -O0 memory not yet written, -O2 <optimized out>), by instruction,
# over a call, to the previous breakpoint hit and to the launch's start; forward
# commands after reverse ones stop again at the same finding, and the run's findings
# are counted once.
break global_bounds.cl:12
run
print before
continue
step
bt
print index
reverse-step
bt
reverse-step
print v
print i + before
reverse-step
print before
next
print before
reverse-stepi
stepi
next
next
next
reverse-next
next
reverse-step
bt
print index
continue
print i
reverse-continue
print i
reverse-continue
continue
continue
continue
continue
continue
quit
