// The Go starter bot: plays Zetema, Pontoon and Scotch Whist with the
// simple heuristics of the Python sample bots (sample-bots/greedy,
// sample-bots/pontoon, sample-bots/scotch_whist), and any other game by its
// first legal action. Build and play it: sample-bots/go/match.sh.
package main

import "github.com/zetema/arbiter/sdk/go/zetemabot"

func choose(d *zetemabot.Decision) zetemabot.Answer {
	switch {
	case d.Zetema() != nil:
		return zetemabot.Index(chooseZetema(d))
	case d.Pontoon() != nil:
		return zetemabot.Index(choosePontoon(d.Pontoon()))
	case d.ScotchWhist() != nil:
		return zetemabot.Index(chooseWhist(d.ScotchWhist()))
	}
	return zetemabot.Index(0) // every game lists at least one legal action
}

func main() {
	zetemabot.Main(zetemabot.Bot{Name: "go-starter", Version: "1.0", Games: zetemabot.AllGames}, choose)
}

// cards reads the protocol's card strings; the arbiter sends only cards.
func cards(texts []string) []zetemabot.Card {
	out, err := zetemabot.ParseCards(texts...)
	if err != nil {
		panic(err)
	}
	return out
}

func card(text string) zetemabot.Card {
	c, err := zetemabot.ParseCard(text)
	if err != nil {
		panic(err)
	}
	return c
}
