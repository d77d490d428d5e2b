# Hit counts across reverse execution: a breakpoint set while the launch is stopped
# counts the passes it sees from there, not those a replay sees before it was set;
# going back before it was set counts from there; gdb's ignore.
break loops.cl:17
run
break loops.cl:14
continue
info breakpoints
reverse-continue
info breakpoints
reverse-continue
info breakpoints
continue
continue
info breakpoints
ignore 2 3
continue
info breakpoints
reverse-continue
info breakpoints
continue
info breakpoints
quit
