module goeval

go 1.26.0

require (
	golang.org/x/text v0.43.0
	gonum.org/v1/gonum v0.17.0
)

require golang.org/x/tools v0.51.0 // indirect
