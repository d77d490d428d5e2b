# x names private memory by its variable and work-item, as gdb names a symbol
# (<grid+24>); print's values are kept ($1, $, $$, $$N), as they were when printed,
# and are usable in expressions.
break private_arrays.cl:26
run
x/4d v
x/2d &grid[1][2]
print &grid[2][1]
print *$
print out[1]
print $$ * 10 + $1[1]
print $$2
print $9
tbreak private_arrays.cl:29
continue
print out[1]
print $3
print $$ - $ + $$2
quit
