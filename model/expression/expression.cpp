// Recursive-descent parser, evaluator and compiler of amount expressions
// (grammar in expression.h).
#include "model/expression/expression.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "model/expression/compiled_expression.h"

namespace wb::model {

namespace {

constexpr int kMaxDepth = kMaxExpressionDepth;  // see expression.h: hostile input must not blow the stack

struct FunctionInfo {
  const char* name;
  int minArgs;
  int maxArgs;  // -1 = unlimited
  CompiledExpression::Op op;
};

constexpr FunctionInfo kFunctions[] = {
    {"min", 2, -1, CompiledExpression::Op::Min},     {"max", 2, -1, CompiledExpression::Op::Max},
    {"ceil", 1, 1, CompiledExpression::Op::Ceil},    {"floor", 1, 1, CompiledExpression::Op::Floor},
    {"round", 1, 1, CompiledExpression::Op::Round},  {"abs", 1, 1, CompiledExpression::Op::Abs},
};

const FunctionInfo* findFunction(std::string_view name) {
  for (const auto& f : kFunctions)
    if (name == f.name) return &f;
  return nullptr;
}

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Parser {
 public:
  explicit Parser(std::string_view text) : m_text(text) {}

  std::optional<ExprNode> parseAll(ExpressionError& error) {
    if (m_text.size() > kMaxExpressionLength)
      return fail(error, "expression too long (" + std::to_string(m_text.size()) + " characters, at most " +
                             std::to_string(kMaxExpressionLength) + ")");
    skipSpace();
    if (m_pos >= m_text.size()) return fail(error, "empty expression");
    auto node = parseExpr(error, 0);
    if (!node) return std::nullopt;
    skipSpace();
    if (m_pos < m_text.size()) {
      char c = m_text[m_pos];
      if (c == ')') return fail(error, "unmatched ')'");
      return fail(error, std::string("unexpected '") + c + "'");
    }
    return node;
  }

 private:
  std::optional<ExprNode> fail(ExpressionError& error, std::string message) {
    if (error.message.empty()) {
      error.column = static_cast<int>(m_pos) + 1;
      error.message = std::move(message);
    }
    return std::nullopt;
  }

  void skipSpace() {
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) ++m_pos;
  }

  int column() const { return static_cast<int>(m_pos) + 1; }

  // Sets node.height from its operands; false (with the error) when the tree
  // grows past kMaxDepth levels.
  bool setHeight(ExprNode& node, ExpressionError& error) {
    int h = 0;
    for (const auto& a : node.args) h = std::max(h, a.height);
    node.height = h + 1;
    if (node.height <= kMaxDepth) return true;
    tooDeep(error);
    return false;
  }

  std::optional<ExprNode> tooDeep(ExpressionError& error) {
    return fail(error, "expression nested too deeply (more than " + std::to_string(kMaxDepth) +
                           " levels; parentheses, calls, signs and every operator of a chain such as a+b+c count)");
  }

  std::optional<ExprNode> parseExpr(ExpressionError& error, int depth) {
    if (depth > kMaxDepth) return tooDeep(error);
    auto left = parseTerm(error, depth);
    if (!left) return std::nullopt;
    for (;;) {
      skipSpace();
      if (m_pos >= m_text.size() || (m_text[m_pos] != '+' && m_text[m_pos] != '-')) return left;
      ExprNode node;
      node.kind = m_text[m_pos] == '+' ? ExprNode::Kind::Add : ExprNode::Kind::Subtract;
      node.column = left->column;
      ++m_pos;
      auto right = parseTerm(error, depth);
      if (!right) return std::nullopt;
      node.args.push_back(std::move(*left));
      node.args.push_back(std::move(*right));
      if (!setHeight(node, error)) return std::nullopt;
      left = std::move(node);
    }
  }

  std::optional<ExprNode> parseTerm(ExpressionError& error, int depth) {
    auto left = parseUnary(error, depth);
    if (!left) return std::nullopt;
    for (;;) {
      skipSpace();
      if (m_pos >= m_text.size()) return left;
      char c = m_text[m_pos];
      // Accept the multiplication sign "×" (UTF-8 C3 97) as designers type it.
      bool times = c == '*';
      bool utf8Times = m_pos + 1 < m_text.size() && static_cast<unsigned char>(c) == 0xC3 &&
                       static_cast<unsigned char>(m_text[m_pos + 1]) == 0x97;
      if (!times && !utf8Times && c != '/') return left;
      ExprNode node;
      node.kind = c == '/' ? ExprNode::Kind::Divide : ExprNode::Kind::Multiply;
      node.column = left->column;
      m_pos += utf8Times ? 2 : 1;
      auto right = parseUnary(error, depth);
      if (!right) return std::nullopt;
      node.args.push_back(std::move(*left));
      node.args.push_back(std::move(*right));
      if (!setHeight(node, error)) return std::nullopt;
      left = std::move(node);
    }
  }

  std::optional<ExprNode> parseUnary(ExpressionError& error, int depth) {
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == '-') {
      ExprNode node;
      node.kind = ExprNode::Kind::Negate;
      node.column = column();
      ++m_pos;
      if (depth + 1 > kMaxDepth) return tooDeep(error);
      auto operand = parseUnary(error, depth + 1);
      if (!operand) return std::nullopt;
      node.args.push_back(std::move(*operand));
      if (!setHeight(node, error)) return std::nullopt;
      return node;
    }
    if (m_pos < m_text.size() && m_text[m_pos] == '+') {
      ++m_pos;
      // A unary plus adds no node but a level of recursion: it counts too.
      if (depth + 1 > kMaxDepth) return tooDeep(error);
      return parseUnary(error, depth + 1);
    }
    return parsePrimary(error, depth);
  }

  std::optional<ExprNode> parsePrimary(ExpressionError& error, int depth) {
    skipSpace();
    if (m_pos >= m_text.size()) return fail(error, "expected a number, a name or '('");
    char c = m_text[m_pos];
    ExprNode node;
    node.column = column();
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      std::size_t start = m_pos;
      while (m_pos < m_text.size() &&
             (std::isdigit(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '.')) ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
        std::size_t save = m_pos++;
        if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
        if (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
          while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) ++m_pos;
        } else {
          m_pos = save;
        }
      }
      std::string number(m_text.substr(start, m_pos - start));
      char* end = nullptr;
      double v = std::strtod(number.c_str(), &end);
      if (end != number.c_str() + number.size() || !std::isfinite(v)) {
        m_pos = start;
        return fail(error, "malformed number '" + number + "'");
      }
      node.kind = ExprNode::Kind::Number;
      node.number = v;
      if (m_pos < m_text.size() && isNameStart(m_text[m_pos])) return fail(error, "expected an operator after a number");
      return node;
    }
    if (isNameStart(c)) {
      std::size_t start = m_pos;
      while (m_pos < m_text.size() && isNameChar(m_text[m_pos])) ++m_pos;
      node.name = std::string(m_text.substr(start, m_pos - start));
      std::size_t afterName = m_pos;
      skipSpace();
      if (m_pos < m_text.size() && m_text[m_pos] == '(') {
        const FunctionInfo* f = findFunction(node.name);
        if (!f) {
          m_pos = start;
          return fail(error, "unknown function '" + node.name + "' (known: min, max, ceil, floor, round, abs)");
        }
        node.kind = ExprNode::Kind::Call;
        ++m_pos;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == ')') {
          m_pos = start;
          return fail(error, "function '" + node.name + "' needs arguments");
        }
        if (depth + 1 > kMaxDepth) return tooDeep(error);
        for (;;) {
          auto arg = parseExpr(error, depth + 1);
          if (!arg) return std::nullopt;
          node.args.push_back(std::move(*arg));
          skipSpace();
          if (m_pos < m_text.size() && m_text[m_pos] == ',') {
            ++m_pos;
            continue;
          }
          if (m_pos < m_text.size() && m_text[m_pos] == ')') {
            ++m_pos;
            break;
          }
          return fail(error, m_pos >= m_text.size() ? "missing ')'" : "expected ',' or ')'");
        }
        int n = static_cast<int>(node.args.size());
        if (n < f->minArgs || (f->maxArgs >= 0 && n > f->maxArgs)) {
          std::size_t save = m_pos;
          m_pos = start;
          std::string expected = f->maxArgs < 0 ? "at least " + std::to_string(f->minArgs)
                                                : std::to_string(f->minArgs);
          auto r = fail(error, "function '" + node.name + "' takes " + expected + " argument" +
                                   (f->minArgs == 1 && f->maxArgs == 1 ? "" : "s") + ", got " + std::to_string(n));
          m_pos = save;
          return r;
        }
        if (!setHeight(node, error)) return std::nullopt;
        return node;
      }
      m_pos = afterName;
      node.kind = ExprNode::Kind::Name;
      return node;
    }
    if (c == '(') {
      ++m_pos;
      if (depth + 1 > kMaxDepth) return tooDeep(error);
      auto inner = parseExpr(error, depth + 1);
      if (!inner) return std::nullopt;
      skipSpace();
      if (m_pos >= m_text.size() || m_text[m_pos] != ')') return fail(error, "missing ')'");
      ++m_pos;
      return inner;
    }
    if (c == ')') return fail(error, "expected a number, a name or '(' before ')'");
    return fail(error, std::string("unexpected '") + c + "'");
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
};

void collectNames(const ExprNode& node, std::vector<std::string>& out) {
  if (node.kind == ExprNode::Kind::Name) {
    if (std::find(out.begin(), out.end(), node.name) == out.end()) out.push_back(node.name);
    return;
  }
  for (const auto& a : node.args) collectNames(a, out);
}

double evalNode(const ExprNode& n, const std::function<double(std::string_view)>& lookup) {
  switch (n.kind) {
    case ExprNode::Kind::Number: return n.number;
    case ExprNode::Kind::Name: return lookup(n.name);
    case ExprNode::Kind::Negate: return -evalNode(n.args[0], lookup);
    case ExprNode::Kind::Add: return evalNode(n.args[0], lookup) + evalNode(n.args[1], lookup);
    case ExprNode::Kind::Subtract: return evalNode(n.args[0], lookup) - evalNode(n.args[1], lookup);
    case ExprNode::Kind::Multiply: return evalNode(n.args[0], lookup) * evalNode(n.args[1], lookup);
    case ExprNode::Kind::Divide: {
      double d = evalNode(n.args[1], lookup);
      return d == 0 ? 0 : evalNode(n.args[0], lookup) / d;
    }
    case ExprNode::Kind::Call: {
      const FunctionInfo* f = findFunction(n.name);
      double v = evalNode(n.args[0], lookup);
      switch (f->op) {
        case CompiledExpression::Op::Min:
          for (std::size_t i = 1; i < n.args.size(); ++i) v = std::min(v, evalNode(n.args[i], lookup));
          return v;
        case CompiledExpression::Op::Max:
          for (std::size_t i = 1; i < n.args.size(); ++i) v = std::max(v, evalNode(n.args[i], lookup));
          return v;
        case CompiledExpression::Op::Ceil: return std::ceil(v);
        case CompiledExpression::Op::Floor: return std::floor(v);
        case CompiledExpression::Op::Round: return std::round(v);
        case CompiledExpression::Op::Abs: return std::fabs(v);
        default: return v;
      }
    }
  }
  return 0;
}

// Emits postfix code; returns the stack depth reached, or -1 on an unknown name.
int emit(const ExprNode& n, CompiledExpression& out, const std::function<int(std::string_view)>& slotOf,
         ExpressionError* error, int depth) {
  using Op = CompiledExpression::Op;
  auto binary = [&](Op op) {
    int a = emit(n.args[0], out, slotOf, error, depth);
    if (a < 0) return -1;
    int b = emit(n.args[1], out, slotOf, error, depth + 1);
    if (b < 0) return -1;
    out.push({op, 2, 0});  // arity: informational for binary operators
    return std::max(a, b);
  };
  switch (n.kind) {
    case ExprNode::Kind::Number:
      out.push({Op::Const, 0, out.addConstant(n.number)});
      return depth + 1;
    case ExprNode::Kind::Name: {
      int slot = slotOf(n.name);
      if (slot < 0) {
        if (error) *error = {n.column, "unknown name '" + n.name + "'"};
        return -1;
      }
      out.push({Op::Var, 0, slot});
      return depth + 1;
    }
    case ExprNode::Kind::Negate: {
      int a = emit(n.args[0], out, slotOf, error, depth);
      if (a < 0) return -1;
      out.push({Op::Neg, 1, 0});
      return a;
    }
    case ExprNode::Kind::Add: return binary(Op::Add);
    case ExprNode::Kind::Subtract: return binary(Op::Sub);
    case ExprNode::Kind::Multiply: return binary(Op::Mul);
    case ExprNode::Kind::Divide: return binary(Op::Div);
    case ExprNode::Kind::Call: {
      const FunctionInfo* f = findFunction(n.name);
      int maxDepth = depth;
      for (std::size_t i = 0; i < n.args.size(); ++i) {
        int d = emit(n.args[i], out, slotOf, error, depth + static_cast<int>(i));
        if (d < 0) return -1;
        maxDepth = std::max(maxDepth, d);
      }
      out.push({f->op, static_cast<std::int32_t>(n.args.size()), 0});
      return maxDepth;
    }
  }
  return -1;
}

}  // namespace

Expression::Expression() : m_text("0"), m_root(std::make_shared<ExprNode>()) {}

Expression Expression::constant(double value) {
  Expression e;
  ExprNode node;
  node.number = value;
  if (value < 0) {
    ExprNode neg;
    neg.kind = ExprNode::Kind::Negate;
    node.number = -value;
    neg.args.push_back(node);
    e.m_root = std::make_shared<ExprNode>(std::move(neg));
  } else {
    e.m_root = std::make_shared<ExprNode>(std::move(node));
  }
  char buf[32];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(value));
  } else {
    for (int p = 1; p <= 17; ++p) {
      std::snprintf(buf, sizeof buf, "%.*g", p, value);
      if (std::strtod(buf, nullptr) == value) break;
    }
  }
  e.m_text = buf;
  return e;
}

std::optional<Expression> Expression::parse(std::string_view text, ExpressionError* error) {
  ExpressionError local;
  Parser parser(text);
  auto root = parser.parseAll(local);
  if (!root) {
    if (error) *error = local;
    return std::nullopt;
  }
  Expression e;
  e.m_text = std::string(text);
  e.m_root = std::make_shared<ExprNode>(std::move(*root));
  return e;
}

std::vector<std::string> Expression::names() const {
  std::vector<std::string> out;
  collectNames(*m_root, out);
  return out;
}

bool Expression::isConstant() const { return names().empty(); }

std::optional<double> Expression::constantValue() const {
  if (!isConstant()) return std::nullopt;
  return evaluate([](std::string_view) { return 0.0; });
}

double Expression::evaluate(const std::function<double(std::string_view)>& lookup) const {
  return evalNode(*m_root, lookup);
}

std::optional<CompiledExpression> Expression::compile(const std::function<int(std::string_view)>& slotOf,
                                                      ExpressionError* error) const {
  CompiledExpression out;
  int depth = emit(*m_root, out, slotOf, error, 0);
  if (depth < 0) return std::nullopt;
  out.setMaxDepth(depth);
  return out;
}

}  // namespace wb::model
