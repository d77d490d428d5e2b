# Without -g there are no lines or names: stop at the finding, step
# instructions, print buffers.
break global_bounds.cl:12
tbreak global_bounds
run
print i
stepi
stepi
print in[1] + out[2]
x/2d out
info locals
bt
continue
quit
