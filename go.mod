module goeval

go 1.26
