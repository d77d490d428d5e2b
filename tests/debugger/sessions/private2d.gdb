# A two-dimensional private array: elements, rows, computed indices (at -O2 too:
# an array indexed by values known only at run time stays in memory).
break private_arrays.cl:25
run
print grid[1][2]
print grid[2]
print grid[i % 3][3 - i % 4]
print v[3]
quit
