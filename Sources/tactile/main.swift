print("tactile")
