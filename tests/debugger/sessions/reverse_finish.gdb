# reverse-finish: back to the call of the function the work-item in focus is in (the
# caller's line, before the call runs), out of nested calls one at a time; refused in
# the outermost frame. Forward commands go on from the call site.
break calls.cl:6
run
bt
print a
reverse-finish
bt
print v
reverse-finish
delete
tbreak calls.cl:41
continue
step
bt
reverse-finish
bt
reverse-finish
bt
print k
next
bt
quit
