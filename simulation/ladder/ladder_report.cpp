#include "simulation/ladder/ladder_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace wb::sim {

namespace {

std::string pct(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << 100.0 * x;
  std::string t = s.str();
  return t == "-0.0" ? "0.0" : t;
}

std::string scoreText(const Pairing& p, bool forA) {
  const double score = forA ? p.score : 1.0 - p.score;
  const Interval ci = forA ? p.ci : Interval{1.0 - p.ci.hi, 1.0 - p.ci.lo};
  return pct(score) + "% [" + pct(ci.lo) + ", " + pct(ci.hi) + "]";
}

std::string eloText(double x) {
  std::ostringstream s;
  s << std::showpos << std::fixed << std::setprecision(0) << x;
  std::string t = s.str();
  return t == "-0" || t == "+0" ? "0" : t;
}

std::string findingShort(const Finding& f) {
  std::string s = pct(f.value) + "% [" + pct(f.ci.lo) + ", " + pct(f.ci.hi) + "]";
  if (f.category > 0) s += " +";
  if (f.category < 0) s += " -";
  return s;
}

std::string joined(const std::vector<std::string>& list) {
  std::string s;
  for (std::size_t i = 0; i < list.size(); ++i) s += (i ? ", " : "") + list[i];
  return s.empty() ? "-" : s;
}

struct Table {
  std::vector<std::vector<std::string>> rows;  // first row: header
  std::string text(bool markdown) const {
    std::vector<std::size_t> width;
    for (const auto& r : rows)
      for (std::size_t c = 0; c < r.size(); ++c) {
        if (width.size() <= c) width.push_back(0);
        width[c] = std::max(width[c], r[c].size());
      }
    std::ostringstream o;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      if (markdown) o << "|";
      for (std::size_t c = 0; c < width.size(); ++c) {
        const std::string cell = c < r.size() ? r[c] : "";
        if (markdown) o << " " << cell << " |";
        else o << std::left << std::setw(static_cast<int>(width[c] + 2)) << cell;
      }
      o << "\n";
      if (markdown && i == 0) {
        o << "|";
        for (std::size_t c = 0; c < width.size(); ++c) o << "---|";
        o << "\n";
      }
    }
    std::string s = o.str();
    if (!markdown) {  // no trailing blanks
      std::string out;
      std::istringstream in(s);
      for (std::string line; std::getline(in, line);) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
      }
      s = out;
    }
    return s;
  }
};

std::string render(const LadderResult& r, const std::string& title, bool md) {
  std::ostringstream o;
  const auto name = [&](int i) { return r.agents[static_cast<std::size_t>(i)]; };
  const std::uint64_t selfGames = r.config.selfPlayGames ? r.config.selfPlayGames : r.config.run.games;
  const std::string h = md ? "#### " : "";
  o << (md ? "### " : "") << "Skill ladder: " << title << " (engine " << r.engine << "), " << r.config.run.players
    << " players, " << r.config.run.games << " games per pairing, " << selfGames << " per agent alone, seed "
    << r.config.run.seed << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n\n";

  o << h << "Ratings (Bradley-Terry, Elo scale, " << name(0) << " = 0; rung 1 is the weakest)\n\n";
  Table ratings;
  ratings.rows.push_back({"rung", "agent", "Elo", "+-se"});
  for (std::size_t k = 0; k < r.rungs.size(); ++k) {
    const int a = r.rungs[k];
    const Rating& rt = r.ratings[static_cast<std::size_t>(a)];
    ratings.rows.push_back({std::to_string(k + 1), name(a), eloText(rt.elo), a == 0 ? "-" : std::to_string(static_cast<int>(std::lround(rt.se)))});
  }
  o << ratings.text(md) << "\n";

  o << h << "Head to head: the row agent's score against the column agent (wins + draws/2 over the games one of them won or drew, 95% CI)\n\n";
  Table m;
  std::vector<std::string> header = {""};
  for (int b : r.rungs) header.push_back(name(b));
  m.rows.push_back(header);
  std::uint64_t other = 0, adjudicated = 0, timeouts = 0, games = 0;
  for (int a : r.rungs) {
    std::vector<std::string> row = {name(a)};
    for (int b : r.rungs) {
      if (a == b) {
        row.push_back("-");
        continue;
      }
      const Pairing* p = r.pairing(a, b);
      row.push_back(p ? scoreText(*p, p->a == a) : "");
    }
    m.rows.push_back(row);
  }
  for (const Pairing& p : r.pairings) {
    other += p.other;
    adjudicated += p.adjudicated;
    timeouts += p.timeouts;
    games += p.games;
  }
  o << m.text(md);
  o << "\n" << other << " of " << games << " head-to-head games had no winner by the rules and are left out ("
    << adjudicated << " adjudicated by the engine, " << timeouts << " timeouts).\n\n";

  if (!r.conclusions.empty()) {
    o << h << "Conclusions with each agent playing every seat (" << selfGames
      << " games each; + / - : above / below fair at 95%)\n\n";
    Table c;
    std::vector<std::string> head = {"conclusion"};
    for (int a : r.rungs) head.push_back(name(a));
    c.rows.push_back(head);
    auto row = [&](const std::string& label, auto cell) {
      std::vector<std::string> line = {label};
      // A cancelled ladder has no conclusions for the agents it never played alone.
      for (int a : r.rungs)
        line.push_back(static_cast<std::size_t>(a) < r.conclusions.size() ? cell(r.conclusions[static_cast<std::size_t>(a)])
                                                                          : std::string("not played"));
      c.rows.push_back(line);
    };
    const AgentConclusions& first = r.conclusions.front();
    row(first.firstSide.label + " wins (fair " + pct(first.firstSide.fair) + "%)",
        [](const AgentConclusions& x) { return findingShort(x.firstSide); });
    for (std::size_t s = 0; s < first.seats.size(); ++s)
      row(first.seats[s].label + " wins", [s](const AgentConclusions& x) {
        return s < x.seats.size() ? findingShort(x.seats[s]) : std::string();
      });
    row("mean turns", [](const AgentConclusions& x) {
      std::ostringstream s;
      s << std::fixed << std::setprecision(1) << x.meanLength;
      return s.str();
    });
    if (!first.factions.empty()) {
      row("strongest faction", [](const AgentConclusions& x) {
        return x.factions.empty() ? std::string("-") : x.factions.front().id.substr(8) + " " + findingShort(x.factions.front());
      });
      row("weakest faction", [](const AgentConclusions& x) {
        return x.factions.empty() ? std::string("-") : x.factions.back().id.substr(8) + " " + findingShort(x.factions.back());
      });
    }
    row("top entities (used: won more)", [](const AgentConclusions& x) { return joined(x.topEntities); });
    row("bottom entities", [](const AgentConclusions& x) { return joined(x.bottomEntities); });
    o << c.text(md) << "\n";
  }

  if (!r.agreement.empty()) {
    o << h << "Rank agreement between consecutive rungs (Kendall's tau: 1 same order, 0 unrelated, -1 reversed)\n\n";
    Table t;
    t.rows.push_back({"from", "to", "ranking", "items", "tau"});
    for (const RankAgreement& a : r.agreement) {
      std::ostringstream tau;
      tau << std::fixed << std::setprecision(2) << a.tau;
      t.rows.push_back({name(a.from), name(a.to), a.what, std::to_string(a.items), tau.str()});
    }
    o << t.text(md) << "\n";
  }

  if (!r.checks.empty()) {
    const std::string strongest = name(r.checks.front().reference);
    o << h << "Does each agent agree with the strongest (" << strongest << ")? An order disagrees only where both\n"
      << "agents' 95% intervals separate a pair the opposite way round; overlapping intervals are a tie.\n\n";
    const AgentConclusions* best = static_cast<std::size_t>(r.checks.front().reference) < r.conclusions.size()
                                       ? &r.conclusions[static_cast<std::size_t>(r.checks.front().reference)]
                                       : nullptr;
    const std::string item = md ? "- " : "  ";
    const std::string sub = md ? "  - " : "    ";
    for (const AgreementCheck& c : r.checks) {
      o << item << name(c.agent) << (c.agrees() ? ": agrees with " : ": DISAGREES with ") << strongest << "\n";
      if (!c.firstSideConflict.empty()) o << sub << "first side reverses: " << c.firstSideConflict << "\n";
      for (const OrderComparison& x : c.orders) {
        o << sub << x.what << ": " << x.pairs << " pairs, " << x.sameSeparated << " separated the same way by both, "
          << x.opposite << " the opposite way, " << x.tied << " tied under one of them\n";
        for (const std::string& line : x.conflicts) o << sub << "  opposite: " << line << "\n";
      }
      const AgentConclusions& mine = r.conclusions[static_cast<std::size_t>(c.agent)];
      if (best && !mine.factions.empty())
        o << sub << "faction order (> separated, ~ overlapping): " << name(c.agent) << " " << orderWithTies(mine.factions)
          << "; " << strongest << " " << orderWithTies(best->factions) << "\n";
    }
    o << "\n";
  }

  o << h << "Conclusions that change with the players' skill\n\n";
  int listed = 0;
  for (const char* kind : {"reversed", "appears", "vanishes", "ranking"}) {
    for (const ConclusionChange& c : r.changes) {
      if (c.kind != kind) continue;
      ++listed;
      o << (md ? "- " : "  ") << name(c.from) << " -> " << name(c.to) << ": " << c.label << " [" << c.kind << "]: " << c.before
        << "  ->  " << c.after << "\n";
    }
  }
  if (!listed) o << (md ? "- " : "  ") << "none: every conclusion is the same at every rung\n";
  o << "\n(reversed: significant both times, opposite directions; appears / vanishes: significant with\n"
       "only one of the two agents; ranking: the strongest / weakest item differs)\n";
  return o.str();
}

}  // namespace

std::string ladderText(const LadderResult& result, const std::string& title) { return render(result, title, false); }
std::string ladderMarkdown(const LadderResult& result, const std::string& title) { return render(result, title, true); }

}  // namespace wb::sim
