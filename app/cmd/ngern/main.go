// Command ngern is the Ngern server and its operator tools.
package main

import (
	"os"

	"ngern/app"
)

func main() {
	os.Exit(app.Main(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}
