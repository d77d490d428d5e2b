# An image kernel built with -g by spvsim's front end: its debug information is valid
# (no producer-quirk note) and its variables print beside the image reads; the image
# argument prints as the image it is, the sampler as its CLK_* constants.
break image_texels.cl:8
run
print img
info args
print nearest
print texel
print sum
print out[0]
workitem 1 1
print texel.y
print x + y
continue
quit
