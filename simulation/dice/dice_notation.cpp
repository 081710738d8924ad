#include "simulation/dice/dice_notation.h"

#include <cctype>

#include "model/core/ruleset.h"
#include "model/core/scalar.h"

namespace wb::sim::dice {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isSymbolChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
         static_cast<unsigned char>(c) >= 0x80;
}

class Parser {
 public:
  Parser(std::string_view text, const model::Ruleset* ruleset) : m_s(text), m_ruleset(ruleset) {}

  std::optional<Pool> run(NotationError* error) {
    Pool pool;
    if (m_s.size() > kMaxNotationLength) {
      setError("dice notation too long (" + std::to_string(m_s.size()) + " characters, at most " +
               std::to_string(kMaxNotationLength) + ")");
      return fail(error);
    }
    pool.text = std::string(m_s);
    skipSpace();
    if (atEnd()) return fail(error, "empty dice expression: expected a term such as 3d6");
    int sign = 1;
    if (peek() == '+' || peek() == '-') {
      sign = peek() == '-' ? -1 : 1;
      ++m_i;
      skipSpace();
    }
    while (true) {
      if (!term(pool, sign)) return fail(error);
      if (pool.diceCount() > kMaxPoolDice) {
        m_i = 0;
        setError("too many dice (at most " + std::to_string(kMaxPoolDice) + ")");
        return fail(error);
      }
      skipSpace();
      if (atEnd()) break;
      if (peek() != '+' && peek() != '-') {
        setError(std::string("unexpected '") + peek() + "': expected '+', '-' or the end");
        return fail(error);
      }
      sign = peek() == '-' ? -1 : 1;
      ++m_i;
      skipSpace();
      if (atEnd()) {
        setError("expected a term after the sign");
        return fail(error);
      }
    }
    if (pool.diceCount() > kMaxPoolDice) {
      m_i = 0;
      setError("too many dice (at most " + std::to_string(kMaxPoolDice) + ")");
      return fail(error);
    }
    return pool;
  }

 private:
  bool atEnd() const { return m_i >= m_s.size(); }
  char peek() const { return atEnd() ? '\0' : m_s[m_i]; }
  int column() const { return static_cast<int>(m_i) + 1; }
  void skipSpace() {
    while (!atEnd() && std::isspace(static_cast<unsigned char>(peek()))) ++m_i;
  }
  void setError(std::string message) {
    if (m_errorSet) return;
    m_error = NotationError{column(), std::move(message)};
    m_errorSet = true;
  }
  std::optional<Pool> fail(NotationError* error, std::string message = {}) {
    if (!message.empty()) setError(std::move(message));
    if (error) *error = m_error;
    return std::nullopt;
  }

  // Reads digits as an int (at most 9 digits); nullopt if none.
  std::optional<long long> integer() {
    std::size_t start = m_i;
    while (!atEnd() && isDigit(peek())) ++m_i;
    if (m_i == start) return std::nullopt;
    if (m_i - start > 9) {
      m_i = start;
      setError("number too large");
      return std::nullopt;
    }
    return std::stoll(std::string(m_s.substr(start, m_i - start)));
  }

  bool term(Pool& pool, int sign) {
    std::size_t start = m_i;
    char c = peek();
    bool hasD = c == 'd' || c == 'D';
    if (!hasD && !isDigit(c)) {
      setError(atEnd() ? "expected a term" : std::string("unexpected '") + c + "': expected a number or a dice term such as 3d6");
      return false;
    }
    long long count = 1;
    if (!hasD) {
      // A number: a constant, or the dice count before 'd'.
      std::size_t numEnd = m_i;
      while (numEnd < m_s.size() && (isDigit(m_s[numEnd]) || m_s[numEnd] == '.')) ++numEnd;
      bool dice = numEnd < m_s.size() && (m_s[numEnd] == 'd' || m_s[numEnd] == 'D');
      if (!dice) {
        auto v = model::parseNumber(std::string(m_s.substr(m_i, numEnd - m_i)));
        if (!v) {
          setError("malformed number");
          return false;
        }
        m_i = numEnd;
        pool.constant += sign * *v;
        return true;
      }
      auto n = integer();
      if (!n) return false;
      if (peek() == '.') {
        setError("the dice count must be a whole number");
        return false;
      }
      count = *n;
      if (count < 1) {
        m_i = start;
        setError("the dice count must be at least 1");
        return false;
      }
      if (count > kMaxPoolDice) {
        m_i = start;
        setError("too many dice (at most " + std::to_string(kMaxPoolDice) + ")");
        return false;
      }
    }
    ++m_i;  // 'd'
    PoolTerm t;
    t.count = static_cast<int>(count);
    t.sign = sign;
    t.column = static_cast<int>(start) + 1;
    if (!die(t.die)) return false;
    if (!modifiers(t)) return false;
    pool.terms.push_back(std::move(t));
    return true;
  }

  bool die(DieSpec& d) {
    std::size_t start = m_i;
    char c = peek();
    if (isDigit(c)) {
      auto sides = integer();
      if (!sides) return false;
      if (*sides < 1 || *sides > kMaxSides) {
        m_i = start;
        setError("a die needs 1 to " + std::to_string(kMaxSides) + " sides");
        return false;
      }
      d = DieSpec::standard(static_cast<int>(*sides));
      return true;
    }
    if (c == '%') {
      ++m_i;
      d = DieSpec::standard(100);
      return true;
    }
    if (c == 'F') {
      ++m_i;
      d.id = "dF";
      d.faces = {Face{"-", -1, 1}, Face{"0", 0, 1}, Face{"+", 1, 1}};
      return true;
    }
    if (c == '{') return inlineDie(d);
    if (c == '[') return rulesetDie(d);
    setError(atEnd() ? "expected the die after 'd' (a number of sides, %, F, {faces} or [die_id])"
                     : std::string("unexpected '") + c + "' after 'd': expected a number of sides, %, F, {faces} or [die_id]");
    return false;
  }

  bool inlineDie(DieSpec& d) {
    std::size_t open = m_i;
    ++m_i;
    while (true) {
      skipSpace();
      std::size_t symStart = m_i;
      while (!atEnd() && isSymbolChar(peek())) ++m_i;
      if (m_i == symStart) {
        setError(atEnd() ? "unclosed '{'" : std::string("unexpected '") + peek() + "': expected a face name");
        return false;
      }
      Face f;
      f.symbol = std::string(m_s.substr(symStart, m_i - symStart));
      if (auto v = model::parseNumber(f.symbol)) f.value = *v;
      long long mult = 1;
      skipSpace();
      if (peek() == ':') {
        ++m_i;
        skipSpace();
        std::size_t multStart = m_i;
        auto n = integer();
        if (!n) {
          setError("expected how many faces show '" + f.symbol + "' after ':'");
          return false;
        }
        if (*n < 1 || *n > kMaxSides) {
          m_i = multStart;
          setError("a face count must be 1 to " + std::to_string(kMaxSides));
          return false;
        }
        mult = *n;
        skipSpace();
      }
      f.weight = static_cast<double>(mult);
      // Merge a repeated symbol into one weighted face.
      bool merged = false;
      for (auto& e : d.faces)
        if (e.symbol == f.symbol) {
          e.weight += f.weight;
          merged = true;
        }
      if (!merged) d.faces.push_back(f);
      if (peek() == ',') {
        ++m_i;
        continue;
      }
      if (peek() == '}') {
        ++m_i;
        break;
      }
      setError(atEnd() ? "unclosed '{': expected ',' or '}'" : std::string("unexpected '") + peek() + "': expected ',' or '}'");
      return false;
    }
    d.id = std::string(m_s.substr(open, m_i - open));
    return true;
  }

  bool rulesetDie(DieSpec& d) {
    ++m_i;
    std::size_t idStart = m_i;
    while (!atEnd() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_' || peek() == '-')) ++m_i;
    std::string id(m_s.substr(idStart, m_i - idStart));
    if (id.empty()) {
      setError("expected a die id inside [...]");
      return false;
    }
    if (peek() != ']') {
      setError(atEnd() ? "unclosed '['" : std::string("unexpected '") + peek() + "': expected ']'");
      return false;
    }
    const model::Die* md = m_ruleset ? m_ruleset->die(id) : nullptr;
    if (!md) {
      m_i = idStart;
      setError(m_ruleset ? "unknown die '" + id + "' (not in the ruleset's dice)"
                         : "die '" + id + "' needs a ruleset (--ruleset FILE)");
      return false;
    }
    if (md->faces.empty() || md->totalWeight() <= 0) {
      m_i = idStart;
      setError("die '" + id + "' has no faces");
      return false;
    }
    ++m_i;
    d = DieSpec::fromModel(*md);
    return true;
  }

  bool modifiers(PoolTerm& t) {
    if (peek() == '!') {
      std::size_t bang = m_i;
      ++m_i;
      long long limit = kDefaultExplosions;
      if (isDigit(peek())) {
        auto n = integer();
        if (!n) return false;
        limit = *n;
      }
      if (limit < 1 || limit > kMaxExplosions) {
        m_i = bang + 1;
        setError("explosions must be 1 to " + std::to_string(kMaxExplosions));
        return false;
      }
      if (t.die.faces.size() < 2) {
        m_i = bang;
        setError("an exploding die needs at least two faces");
        return false;
      }
      t.explodeLimit = static_cast<int>(limit);
    }
    if (peek() == 'k' || peek() == 'd') {
      std::size_t start = m_i;
      char a = peek();
      ++m_i;
      char b = peek();
      bool drop = a == 'd';
      bool lowest = false;
      if (b == 'h' || b == 'l') {
        lowest = b == 'l';
        ++m_i;
      } else if (drop) {
        m_i = start;
        setError("expected 'dh' or 'dl' (drop highest / lowest)");
        return false;
      }
      std::size_t numStart = m_i;
      auto n = integer();
      if (!n) {
        setError("expected how many dice to keep or drop");
        return false;
      }
      if (drop ? (*n < 0 || *n >= t.count) : (*n < 1 || *n > t.count)) {
        m_i = numStart;
        setError(drop ? "can drop 0 to " + std::to_string(t.count - 1) + " of " + std::to_string(t.count) + " dice"
                      : "can keep 1 to " + std::to_string(t.count) + " of " + std::to_string(t.count) + " dice");
        return false;
      }
      if (t.count > kMaxKeepDice) {
        m_i = start;
        setError("keep / drop works on at most " + std::to_string(kMaxKeepDice) + " dice of one term");
        return false;
      }
      int k = static_cast<int>(*n);
      if (drop) {
        t.keep = lowest ? Keep::Highest : Keep::Lowest;  // dropping the lowest keeps the highest
        t.keepCount = t.count - k;
      } else {
        t.keep = lowest ? Keep::Lowest : Keep::Highest;
        t.keepCount = k;
      }
      if (t.keepCount == t.count) t.keep = Keep::All;
    }
    return true;
  }

  std::string_view m_s;
  const model::Ruleset* m_ruleset;
  std::size_t m_i = 0;
  NotationError m_error;
  bool m_errorSet = false;
};

}  // namespace

std::optional<Pool> parsePool(std::string_view text, const model::Ruleset* ruleset, NotationError* error) {
  return Parser(text, ruleset).run(error);
}

}  // namespace wb::sim::dice
