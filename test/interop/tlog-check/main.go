// Command tlog-check verifies what the Sanctum Chronicle service hands out with the reference implementation of the
// C2SP signed-note and transparency-log formats, golang.org/x/mod/sumdb/note and sumdb/tlog: checkpoints with
// note.Open, tlog-proofs with tlog.CheckRecord, consistency proofs to a checkpoint with tlog.CheckTree.
//
// It reads a JSON manifest (its only argument) naming the verifier keys, the log's origin and the files to check,
// and prints one JSON line per check: {"check", "ok", "error", "size", "root"}. A check that fails is a line with
// ok false, not an exit status: the test that runs it expects some to fail (the forged ones).
//
// Test code of the interoperability test (test/interop), built in GOPATH mode against Debian's golang-golang-x-mod-dev.
package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type fileCheck struct {
	Name string `json:"name"`
	File string `json:"file"`
	// Old is the checkpoint kept at the earlier size (consistency checks only).
	Old string `json:"old"`
}

type manifest struct {
	VerifierKeys  []string    `json:"vkeys"`
	Origin        string      `json:"origin"`
	Checkpoints   []fileCheck `json:"checkpoints"`
	Inclusions    []fileCheck `json:"inclusions"`
	Consistencies []fileCheck `json:"consistencies"`
}

type result struct {
	Check string `json:"check"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	Size  int64  `json:"size"`
	Root  string `json:"root,omitempty"`
}

type checkpoint struct {
	size int64
	root tlog.Hash
}

// openCheckpoint opens a signed checkpoint with the known keys and reads its three lines. The log signs under its
// origin, so one of the verified signatures must be by a key of that name.
func openCheckpoint(msg []byte, verifiers note.Verifiers, origin string) (checkpoint, error) {
	n, err := note.Open(msg, verifiers)
	if err != nil {
		return checkpoint{}, fmt.Errorf("note.Open: %w", err)
	}
	signedByOrigin := false
	for _, sig := range n.Sigs {
		signedByOrigin = signedByOrigin || sig.Name == origin
	}
	if !signedByOrigin {
		return checkpoint{}, errors.New("no verified signature by the origin's key")
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[0] != origin {
		return checkpoint{}, fmt.Errorf("the checkpoint's text is not origin, size, root: %q", n.Text)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != lines[1] {
		return checkpoint{}, fmt.Errorf("bad tree size %q", lines[1])
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil {
		return checkpoint{}, fmt.Errorf("bad root hash: %w", err)
	}
	return checkpoint{size, root}, nil
}

// proofLines splits a proof text at its first blank line: the proof's own lines, and the checkpoint after them.
func proofLines(text string) ([]string, []byte, error) {
	parts := strings.SplitN(text, "\n\n", 2)
	if len(parts) != 2 {
		return nil, nil, errors.New("no blank line before the checkpoint")
	}
	return strings.Split(parts[0], "\n"), []byte(parts[1]), nil
}

func hashes(lines []string) ([]tlog.Hash, error) {
	var out []tlog.Hash
	for _, line := range lines {
		h, err := tlog.ParseHash(line)
		if err != nil {
			return nil, fmt.Errorf("bad proof hash %q: %w", line, err)
		}
		out = append(out, h)
	}
	return out, nil
}

func prefixed(line, prefix string) (string, error) {
	if !strings.HasPrefix(line, prefix) {
		return "", fmt.Errorf("expected %q, got %q", prefix, line)
	}
	return strings.TrimPrefix(line, prefix), nil
}

// checkInclusion: a c2sp.org/tlog-proof whose extra data is the logged entry itself.
func checkInclusion(text string, verifiers note.Verifiers, origin string) (checkpoint, error) {
	lines, signed, err := proofLines(text)
	if err != nil {
		return checkpoint{}, err
	}
	if len(lines) < 3 || lines[0] != "c2sp.org/tlog-proof@v1" {
		return checkpoint{}, errors.New("not a c2sp.org/tlog-proof@v1")
	}
	extra64, err := prefixed(lines[1], "extra ")
	if err != nil {
		return checkpoint{}, err
	}
	entry, err := base64.StdEncoding.DecodeString(extra64)
	if err != nil {
		return checkpoint{}, fmt.Errorf("bad extra: %w", err)
	}
	indexText, err := prefixed(lines[2], "index ")
	if err != nil {
		return checkpoint{}, err
	}
	index, err := strconv.ParseInt(indexText, 10, 64)
	if err != nil {
		return checkpoint{}, fmt.Errorf("bad index: %w", err)
	}
	proof, err := hashes(lines[3:])
	if err != nil {
		return checkpoint{}, err
	}
	cp, err := openCheckpoint(signed, verifiers, origin)
	if err != nil {
		return checkpoint{}, err
	}
	if err := tlog.CheckRecord(tlog.RecordProof(proof), cp.size, cp.root, index, tlog.RecordHash(entry)); err != nil {
		return cp, fmt.Errorf("tlog.CheckRecord: %w", err)
	}
	return cp, nil
}

// checkConsistency: `old N`, the proof's hashes, a blank line and the checkpoint (a c2sp.org/tlog-witness request
// body), against the checkpoint kept at size N.
func checkConsistency(text string, old []byte, verifiers note.Verifiers, origin string) (checkpoint, error) {
	lines, signed, err := proofLines(text)
	if err != nil {
		return checkpoint{}, err
	}
	oldText, err := prefixed(lines[0], "old ")
	if err != nil {
		return checkpoint{}, err
	}
	oldSize, err := strconv.ParseInt(oldText, 10, 64)
	if err != nil {
		return checkpoint{}, fmt.Errorf("bad old size: %w", err)
	}
	proof, err := hashes(lines[1:])
	if err != nil {
		return checkpoint{}, err
	}
	kept, err := openCheckpoint(old, verifiers, origin)
	if err != nil {
		return checkpoint{}, fmt.Errorf("the kept checkpoint: %w", err)
	}
	if kept.size != oldSize {
		return checkpoint{}, fmt.Errorf("the proof is from size %d, the kept checkpoint is of size %d", oldSize, kept.size)
	}
	cp, err := openCheckpoint(signed, verifiers, origin)
	if err != nil {
		return checkpoint{}, err
	}
	if err := tlog.CheckTree(tlog.TreeProof(proof), cp.size, cp.root, kept.size, kept.root); err != nil {
		return cp, fmt.Errorf("tlog.CheckTree: %w", err)
	}
	return cp, nil
}

func read(file string) string {
	bytes, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	return string(bytes)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tlog-check MANIFEST.json")
		os.Exit(2)
	}
	var m manifest
	if err := json.Unmarshal([]byte(read(os.Args[1])), &m); err != nil {
		fmt.Fprintln(os.Stderr, "manifest:", err)
		os.Exit(2)
	}
	var list []note.Verifier
	for _, vkey := range m.VerifierKeys {
		v, err := note.NewVerifier(vkey)
		if err != nil {
			fmt.Fprintf(os.Stderr, "note.NewVerifier(%q): %v\n", vkey, err)
			os.Exit(2)
		}
		list = append(list, v)
	}
	verifiers := note.VerifierList(list...)
	out := json.NewEncoder(os.Stdout)
	report := func(name string, cp checkpoint, err error) {
		r := result{Check: name, OK: err == nil, Size: cp.size}
		if err != nil {
			r.Error = err.Error()
		} else {
			r.Root = cp.root.String()
		}
		if encodeErr := out.Encode(r); encodeErr != nil {
			os.Exit(2)
		}
	}
	for _, c := range m.Checkpoints {
		cp, err := openCheckpoint([]byte(read(c.File)), verifiers, m.Origin)
		report(c.Name, cp, err)
	}
	for _, c := range m.Inclusions {
		cp, err := checkInclusion(read(c.File), verifiers, m.Origin)
		report(c.Name, cp, err)
	}
	for _, c := range m.Consistencies {
		cp, err := checkConsistency(read(c.File), []byte(read(c.Old)), verifiers, m.Origin)
		report(c.Name, cp, err)
	}
}
