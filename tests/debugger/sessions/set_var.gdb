# set var: a buffer element (converted to its type), a variable (in memory at -O0, in
# its register at -O2), and the launch computes with the new values; a watched element
# set by hand does not fire its watchpoint, the kernel's next store to it does. A pointer
# set to no memory cannot be read through, with gdb's words.
delete on-finding
break global_bounds.cl:12
run
set var out[3] = 7 * 2
print out[3]
set var in[1] = 2.9
print in[1]
set var v = 100
print v
watch out[3]
set var out[3] = 1
set var i == 3
set variable nothing = 1
set v = 1
next
print out[0]
continue
set var in = 0
print in
print *in
print in[2]
x/2x in
set var in[1] = 4
quit
