// Package outfile writes the files goeval's commands are asked to write
// (-o PATH) without destroying what is there on failure and without
// replacing what the path names with something else.
//
// Write decides by what the path is:
//
//   - a regular file, or nothing yet: the output is written to a new file
//     beside it (".NAME.*" in the same directory) and renamed over the path
//     once complete, so that the path holds the old content or the whole new
//     one, never a part; an existing file's permission bits are kept (its
//     owner is the writer's, as with any replacement);
//   - a symbolic link: the same, for the file the link leads to, so the link
//     stays a link (a link that leads nowhere yet creates its target);
//   - anything else that can be opened for writing (a named pipe, a device
//     such as /dev/stdout): written through, in place, as a shell's ">"
//     would;
//   - a directory: an error.
//
// Check meets Write's errors about the path without writing, for a
// command to refuse a bad path before a long computation.
// Same tells whether two paths name one file, and Input which of a
// command's inputs an output path names, for a command to refuse an
// output path that is one of its inputs.
//
// Errors name the path and say the real reason, such as the permission
// denied when the file itself cannot be opened for writing, rather than a
// reason about the temporary file.
package outfile
