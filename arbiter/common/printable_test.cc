#include "arbiter/common/printable.h"

#include <gtest/gtest.h>

#include <string>

namespace arbiter {
namespace {

TEST(TerminalSafeTest, PrintableTextIsUnchanged) {
  EXPECT_EQ(TerminalSafe("greedy 1.2 <b>\\x</b>"), "greedy 1.2 <b>\\x</b>");
  EXPECT_EQ(TerminalSafe("Zétéma ♠ 牌"), "Zétéma ♠ 牌");
  EXPECT_EQ(TerminalSafe(""), "");
}

TEST(TerminalSafeTest, ControlsAreEscaped) {
  // A window title, a cleared screen, a forged line.
  EXPECT_EQ(TerminalSafe("\x1b]0;pwned\x07\x1b[2J\nfault: seat 1"),
            "\\x1b]0;pwned\\x07\\x1b[2J\\nfault: seat 1");
  EXPECT_EQ(TerminalSafe("a\rb\tc\x7f"), "a\\rb\\tc\\x7f");
  EXPECT_EQ(TerminalSafe(std::string("a\0b", 3)), "a\\x00b");
  // C1 controls (CSI as U+009B), separators, bidirectional overrides.
  EXPECT_EQ(TerminalSafe("\xc2\x9b"
                         "2J"),
            "\\u009b2J");
  EXPECT_EQ(TerminalSafe("x\xe2\x80\xa8y\xe2\x80\xaez\xe2\x81\xa6"),
            "x\\u2028y\\u202ez\\u2066");
}

TEST(TerminalSafeTest, InvalidUtf8IsEscapedByteByByte) {
  EXPECT_EQ(TerminalSafe("a\xff"
                         "b"),
            "a\\xffb");
  EXPECT_EQ(TerminalSafe("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(TerminalSafe("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(TerminalSafe("\xe2\x82"), "\\xe2\\x82");           // cut short
  EXPECT_EQ(TerminalSafe("\xf4\x90\x80\x80"),
            "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
}

TEST(KeepPrintableTest, ShortPrintableTextIsKeptWhole) {
  const Printable p = KeepPrintable("random 1.0", 64);
  EXPECT_EQ(p.text, "random 1.0");
  EXPECT_FALSE(p.cut);
  EXPECT_FALSE(p.replaced);
}

TEST(KeepPrintableTest, ControlsAndInvalidBytesAreReplaced) {
  const Printable p = KeepPrintable("a\x1b[2J\nb\xff", 64);
  EXPECT_EQ(p.text,
            "a\xef\xbf\xbd[2J\xef\xbf\xbd"
            "b\xef\xbf\xbd");
  EXPECT_TRUE(p.replaced);
  EXPECT_FALSE(p.cut);
}

TEST(KeepPrintableTest, CutAtACharacterBoundary) {
  // "é" is two bytes: a cap of 4 keeps "aé" and not half of the next one.
  Printable p = KeepPrintable("aééé", 4);
  EXPECT_EQ(p.text, "a\xc3\xa9");
  EXPECT_TRUE(p.cut);
  EXPECT_FALSE(p.replaced);
  // A replacement is three bytes, and never cut either.
  p = KeepPrintable("ab\x01", 4);
  EXPECT_EQ(p.text, "ab");
  EXPECT_TRUE(p.cut);
  p = KeepPrintable(std::string(3 << 20, 'v'), 128);
  EXPECT_EQ(p.text, std::string(128, 'v'));
  EXPECT_TRUE(p.cut);
}

TEST(KeepPrintableTest, WhatItKeepsIsTerminalSafe) {
  const std::string hostile = "\x1b]0;t\x07\xc2\x9b\xe2\x80\xae\xff\n";
  const std::string kept = KeepPrintable(hostile, 1000).text;
  EXPECT_EQ(TerminalSafe(kept), kept);
}

}  // namespace
}  // namespace arbiter
