package zetemabot

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The test binary is also a bot: `zetemabot.test as-bot [GAMES]` plays the
// games it declares (all by default) against a real arbiter, answering in
// turn by index, by text and with a typed action.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "as-bot" {
		games := AllGames
		if len(os.Args) > 2 {
			games = strings.Split(os.Args[2], ",")
			os.Args = os.Args[:1]
		}
		n := 0
		Main(Bot{Name: "go-sdk-test", Version: "1.0", Games: games}, func(d *Decision) Answer {
			n++
			i := n % d.Size()
			switch {
			case n%3 == 1:
				return Text(d.ActionText(i))
			case n%3 == 2 && d.Zetema() != nil:
				return ZetemaAnswer(d.Zetema().GetLegalActions()[i].GetAction())
			case n%3 == 2 && d.Pontoon() != nil:
				return PontoonAnswer(d.Pontoon().GetLegalActions()[i].GetAction())
			case n%3 == 2 && d.ScotchWhist() != nil:
				return ScotchWhistAnswer(d.ScotchWhist().GetLegalActions()[i].GetAction())
			}
			return Index(i)
		})
	}
	os.Exit(m.Run())
}

// built finds a program of the project's build: from the environment
// variable, else in build-test/ or build/ of this checkout.
func built(t *testing.T, env, path string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	for _, dir := range []string{"build-test", "build"} {
		p, _ := filepath.Abs(filepath.Join("..", "..", "..", dir, path))
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("skipped: no %s (set %s or build the project)", path, env)
	return ""
}

// Real games through the built arbiter (`arbiter play`, no sandbox: the
// test binary lives in the Go build cache), every record verified; and the
// arbiter's refusal of a game the bot does not declare.
func TestAgainstTheRealArbiter(t *testing.T) {
	arbiter := built(t, "ZETEMA_ARBITER", "arbiter/cli/arbiter")
	random := built(t, "ZETEMA_RANDOM_BOT", "sample-bots/random/random_bot")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	run := func(args ...string) (string, error) {
		cmd := exec.Command(arbiter, args...)
		cmd.Dir = dir
		cmd.WaitDelay = time.Second
		done := time.AfterFunc(3*time.Minute, func() { cmd.Process.Kill() })
		defer done.Stop()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, game := range AllGames {
		out, err := run("play", "--game", game, "--sandbox", "none", "--games", "3",
			"--bot", "go="+self+" as-bot", "--bot", "random="+random, "--out", game+".jsonl")
		if err != nil {
			t.Fatalf("%s: arbiter play: %v\n%s", game, err, out)
		}
		records, _ := os.ReadFile(filepath.Join(dir, game+".jsonl"))
		if n := strings.Count(string(records), "\n"); n != 3 || strings.Contains(string(records), `"reason"`) {
			t.Errorf("%s: %d records, faults: %s", game, n, records)
		}
		if out, err := run("replay", game+".jsonl", "--verify"); err != nil {
			t.Errorf("%s: replay --verify: %v\n%s", game, err, out)
		}
	}
	out, err := run("play", "--game", "pontoon", "--sandbox", "none", "--games", "1",
		"--bot", "go="+self+" as-bot zetema", "--bot", "random="+random, "--out", "refused.jsonl")
	if err == nil || !strings.Contains(out, "does not play pontoon") {
		t.Errorf("a bot that declares zetema only, asked to play pontoon: %v\n%s", err, out)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "refused.jsonl.logs", "go.log"))
	if !strings.Contains(string(log), "go-sdk-test: game not declared error: ") ||
		!strings.Contains(string(log), "Bot.Games (now: zetema)") {
		t.Errorf("the bot's own message: %s", log)
	}
}
