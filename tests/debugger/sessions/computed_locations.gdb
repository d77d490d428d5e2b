# Variables clang -O2 -g describes by a computation (a conversion, a sum of two values,
# a product) and a vector of 128-bit integers print their values.
break computed_locations.cl:13
run
print l
print sum
print p
workitem 1
print l
print g
print sum
print scaled
print wide
print p.x
print p.y
quit
