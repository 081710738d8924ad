// `balance report`: HTML with no external files, CSV and
// JSON with the same numbers, the reproduction command reproducing the run,
// and PDF (GUI build) or a clear exit 2 (headless build).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli/balance_cli.h"
#include "app/report/pdf_report_writer.h"

namespace {

using wb::app::testing::balance;
using Run = wb::app::testing::CliRun;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text of the JSON array that follows `"key": ` at or after `from`.
std::string arrayAfter(const std::string& json, const std::string& key, std::size_t from = 0) {
  auto k = json.find("\"" + key + "\": [", from);
  if (k == std::string::npos) return "";
  auto start = json.find('[', k);
  int depth = 0;
  for (std::size_t i = start; i < json.size(); ++i) {
    if (json[i] == '[') ++depth;
    if (json[i] == ']' && --depth == 0) return json.substr(start, i - start + 1);
  }
  return "";
}

std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\n') out += c;
  return out;
}

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

class ReportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = std::filesystem::temp_directory_path() / ("wb_report_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(m_dir);
  }
  void TearDown() override { std::filesystem::remove_all(m_dir); }
  std::string path(const std::string& name) const { return (m_dir / name).string(); }
  std::vector<std::string> args(const std::string& out) const {
    return {"report", kCardDice, "--games", "40", "--agents", "greedy,random", "--seed", "9", "--set",
            "parameters.starting_health=4", "--sweep", "cards.fire.cost=3:9:3", "--metric", "seat:0", "--out", out};
  }
  std::filesystem::path m_dir;
};

}  // namespace

TEST_F(ReportCommand, HtmlIsSelfContainedAndComplete) {
  auto r = balance(args(path("r.html")));
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("wrote "), std::string::npos);
  const std::string html = readFile(path("r.html"));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // No external files: no links, scripts or remote images; charts are inline SVG.
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src=\""), std::string::npos);
  EXPECT_GE(std::count(html.begin(), html.end(), '\n'), 50);
  std::size_t svgs = 0;
  for (auto p = html.find("<svg"); p != std::string::npos; p = html.find("<svg", p + 1)) ++svgs;
  EXPECT_GE(svgs, 4u);  // seats, agents, length, sweep
  for (const char* part : {"Elemental Card-Dice Game", "content hash", "Reproduce this report", "balance run ",
                           "First-player advantage", "Game length", "Entities", "Dice questions", "Sweeps",
                           "Balance point: ", "Assumptions", "assumed", "greedy", "balance 0."})
    EXPECT_NE(html.find(part), std::string::npos) << part;
}

TEST_F(ReportCommand, CsvAndJsonHoldTheSameNumbersAndTheRunReproduces) {
  ASSERT_EQ(balance(args(path("r.json"))).exit, 0);
  ASSERT_EQ(balance(args(path("r.csv"))).exit, 0);
  const std::string json = readFile(path("r.json"));
  const std::string csv = readFile(path("r.csv"));
  EXPECT_EQ(csv.rfind("section,item,metric,value,ci_lo,ci_hi,n\n", 0), 0u);
  EXPECT_NE(csv.find("\nseat,0,win_rate,"), std::string::npos);
  EXPECT_NE(csv.find("\nsweep_point,cards.fire.cost=6,win_rate,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nassumed,"), std::string::npos);
  EXPECT_NE(json.find("\"content_hash\": \""), std::string::npos);
  EXPECT_NE(json.find("\"entity_table\""), std::string::npos);
  EXPECT_NE(json.find("\"balance_points\""), std::string::npos);
  // The content hash is the same in both (same ruleset, same --set).
  auto hashAt = json.find("\"content_hash\": \"") + 17;
  const std::string hash = json.substr(hashAt, 16);
  EXPECT_NE(csv.find("content_hash," + hash), std::string::npos) << hash;
  // The reproduction command gives the run's numbers.
  auto at = json.find("\"run_command\": \"") + 16;
  const std::string command = json.substr(at, json.find('"', at) - at);
  ASSERT_EQ(command.rfind("balance run ", 0), 0u) << command;
  std::vector<std::string> words;
  std::istringstream in(command.substr(8));
  for (std::string w; in >> w;) words.push_back(w);
  auto rerun = balance(words);
  ASSERT_EQ(rerun.exit, 0) << rerun.err << command;
  const std::string seatsReport = squeeze(arrayAfter(json, "seats", json.find("\"run\": {")));
  ASSERT_FALSE(seatsReport.empty());
  EXPECT_EQ(seatsReport, squeeze(arrayAfter(rerun.out, "seats")));
  EXPECT_EQ(squeeze(arrayAfter(json, "by_agent")), squeeze(arrayAfter(rerun.out, "by_agent")));
}

TEST_F(ReportCommand, PdfNeedsTheGuiBuild) {
  auto r = balance({"report", kCardDice, "--games", "20", "--agents", "greedy,random", "--set",
                    "parameters.starting_health=4", "--out", path("r.pdf")});
  if (!wb::app::pdfReportsAvailable()) {
    EXPECT_EQ(r.exit, 2);
    EXPECT_NE(r.err.find("GUI build"), std::string::npos) << r.err;
  } else {
    ASSERT_EQ(r.exit, 0) << r.err;
    EXPECT_EQ(readFile(path("r.pdf")).rfind("%PDF", 0), 0u);
  }
}

// The PDF writer removed the old file, then renamed a fixed
// NAME.pdf.tmp: a kill between the two lost the report, a user's own
// notes.pdf.tmp was overwritten, a symlink became a regular file, mode 600
// became 644. Now it uses the HTML report's atomic writer.
TEST_F(ReportCommand, APdfReplacesTheOldOneAtomicallyKeepingModeAndSymlink) {
  if (!wb::app::pdfReportsAvailable()) GTEST_SKIP() << "PDF needs the GUI build";
  namespace fs = std::filesystem;
  const std::string target = path("target.pdf"), link = path("notes.pdf");
  std::ofstream(target) << "old report";
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
  fs::create_symlink(target, link);
  std::ofstream(link + ".tmp") << "the user's own file";
  auto r = balance({"report", kCardDice, "--games", "4", "--agents", "random", "--out", link});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(link)) << "the link stays a link";
  EXPECT_EQ(readFile(target).rfind("%PDF", 0), 0u) << "its target is the new report";
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(readFile(link + ".tmp"), "the user's own file");
  for (const auto& e : fs::directory_iterator(m_dir)) {
    const std::string name = e.path().filename().string();
    EXPECT_TRUE(name == "target.pdf" || name == "notes.pdf" || name == "notes.pdf.tmp") << "left behind: " << name;
  }
}

TEST_F(ReportCommand, UsageErrors) {
  EXPECT_EQ(balance({"report", kCardDice}).exit, 2);  // no --out
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.docx")}).exit, 2);
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.html"), "--sweep", "cards.nope.cost=1:3:1"}).exit, 2);
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.html"), "--sweep", "cards.fire.cost"}).exit, 2);
  EXPECT_FALSE(std::filesystem::exists(path("r.html")));
}
