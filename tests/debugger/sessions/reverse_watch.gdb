# reverse-continue to the previous watchpoint and breakpoint hits (a condition
# evaluated in the replay), then to the launch's start; continue goes forward again.
break loops.cl:17 if i % 32 == 0
run
watch o[0]
continue
continue
print i
reverse-continue
print i
print o[0]
reverse-continue
print o[0]
reverse-continue
info breakpoints
continue
continue
continue
continue
quit
