#!/usr/bin/env python3
"""Tests of deck.py (standard library only): python3 arbiter/games/zetema/scenarios/deck_test.py"""

import io
import os
import sys
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import deck  # noqa: E402


class ParseCardTest(unittest.TestCase):
    def test_letters_ten_and_symbols(self):
        self.assertEqual(deck.parse_card("TH"), "TH")
        self.assertEqual(deck.parse_card("10H"), "TH")
        self.assertEqual(deck.parse_card("Q♠"), "QS")
        self.assertEqual(deck.parse_card("10♣"), "TC")
        self.assertEqual(deck.parse_card("a♦"), "AD")

    def test_bad_cards_are_named(self):
        for bad in ["", "X", "1H", "11H", "ZS", "AX", "KSS"]:
            with self.assertRaises(deck.DeckError, msg=bad) as ctx:
                deck.parse_card(bad)
            self.assertIn("bad card", str(ctx.exception))


class BuildDeckTest(unittest.TestCase):
    HANDS = ["4S 5H 6D 7C 8S KD".split(), "2C 2D 3C JC JD TC".split()]

    def test_deals_from_the_seat_after_the_dealer(self):
        d = deck.build_deck(2, 1, self.HANDS, ["9H"])
        # Dealer 1: seat 0 gets cards 1, 3, 5, ...; seat 1 cards 2, 4, 6, ...
        self.assertEqual(d[:13], "4S 2C 5H 2D 6D 3C 7C JC 8S JD KD TC 9H".split())
        d = deck.build_deck(2, 0, self.HANDS)
        self.assertEqual(d[:4], "2C 4S 2D 5H".split())

    def test_three_players_dealer_zero(self):
        hands = [h.split() for h in ["AH 3D 5C 7H 9D JC", "2H 4D 6C 8H TD QC",
                                     "3H 5D 7C 9H JD KC"]]
        d = deck.build_deck(3, 0, hands)
        self.assertEqual(d[:6], "2H 3H AH 4D 5D 3D".split())

    def test_full_pack_and_fixed_fill_order(self):
        d = deck.build_deck(2, 1, self.HANDS, ["9H"])
        self.assertEqual(len(d), 65)
        self.assertEqual(sorted(d), sorted(deck.full_pack("S")))
        self.assertEqual(d[13:17], "2H 2S 2S 3D".split())
        self.assertEqual(sum(c.endswith("S") for c in d), 26)

    def test_imperial_hearts(self):
        d = deck.build_deck(2, 1, [["TH", "TH", "2S", "3S", "4S", "5S"],
                                   ["2C", "3C", "4C", "5C", "6C", "8C"]],
                            imperial="H")
        self.assertEqual(len(d), 65)
        self.assertEqual(sum(c.endswith("H") for c in d), 26)
        self.assertEqual(sum(c.endswith("S") for c in d), 13)
        with self.assertRaises(deck.DeckError):
            deck.build_deck(2, 1, [["TS", "TS", "2S", "3S", "4S", "5S"],
                                   ["2C", "3C", "4C", "5C", "6C", "8C"]],
                            imperial="H")

    def test_refuses_impossible_input(self):
        cases = [
            (1, 0, self.HANDS[:1], [], "players"),
            (2, 2, self.HANDS, [], "dealer"),
            (3, 0, self.HANDS, [], "one hand per seat"),
            (2, 0, [self.HANDS[0], self.HANDS[1][:5]], [], "same size"),
            (2, 0, [h[:4] for h in self.HANDS], [], "hand size"),
            (2, 0, self.HANDS, ["KD"], "one too many"),
            (2, 0, [["QS"] * 3 + ["2H", "3H", "4H"], self.HANDS[1]], [], "one too many"),
        ]
        for players, dealer, hands, stock, words in cases:
            with self.assertRaises(deck.DeckError, msg=words) as ctx:
                deck.build_deck(players, dealer, hands, stock)
            self.assertIn(words, str(ctx.exception))
        with self.assertRaises(deck.DeckError):
            deck.full_pack("X")

    def test_command_line(self):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            rc = deck.main(["--players", "2", "--dealer", "1", "--hand", "4S 5H 6D 7C 8S KD",
                            "--hand", "2C 2D 3C JC JD TC", "--stock", "9H"])
        self.assertEqual(rc, 0)
        self.assertEqual(len(out.getvalue().split()), 65)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            rc = deck.main(["--players", "2", "--dealer", "1", "--hand", "4S 5H 6D 7C 8S KD",
                            "--hand", "2C 2D 3C JC JD KD", "--stock", "9H"])
        self.assertEqual(rc, 2)
        self.assertIn("KD", err.getvalue())


if __name__ == "__main__":
    unittest.main()
