print("mapterm")
