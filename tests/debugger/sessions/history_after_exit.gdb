# The value history before `run` and after the launches have run (gdb keeps it after
# the program exits); the names of a launch are refused while no launch runs.
print 6 * 7
print $1 + 1
print $3
print i
break off-finding
break global_bounds.cl:12 if i == 3
run
print i
print in[i] * 10
print &out[2]
continue
print $3 + $4
print $$
print $5
print *$5
print i
print out[1]
info workitems
quit
