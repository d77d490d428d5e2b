# A breakpoint in a loop with a condition on the loop's variable and the work-item.
break loops.cl:14 if k == 3 && i == 5
run
print k
print i
print t
print a
info breakpoints
continue
quit
