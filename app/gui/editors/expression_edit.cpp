#include "app/gui/editors/expression_edit.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionFrame>

namespace wb::app {

ExpressionEdit::ExpressionEdit(QWidget* parent) : QLineEdit(parent) {
  QFont f = font();
  f.setFamily(QStringLiteral("monospace"));
  f.setStyleHint(QFont::Monospace);
  setFont(f);
  connect(this, &QLineEdit::textChanged, this, &ExpressionEdit::check);
}

void ExpressionEdit::setChecker(Checker checker) {
  m_checker = std::move(checker);
  check();
}

void ExpressionEdit::check() {
  int column = 0;
  const QString error = m_checker ? m_checker(text(), &column) : QString();
  if (error == m_error && column == m_column) return;
  m_error = error;
  m_column = column;
  setToolTip(m_error);
  setStyleSheet(m_error.isEmpty() ? QString()
                                  : QStringLiteral("QLineEdit { border: 1px solid #c62828; background: #fff3f3; }"));
  update();
  Q_EMIT errorChanged(m_error);
}

void ExpressionEdit::paintEvent(QPaintEvent* event) {
  QLineEdit::paintEvent(event);
  if (m_error.isEmpty() || m_column <= 0) return;
  // A red caret under the column the error points at.
  QStyleOptionFrame option;
  initStyleOption(&option);
  const QRect contents = style()->subElementRect(QStyle::SE_LineEditContents, &option, this)
                             .marginsRemoved(textMargins());
  const QFontMetrics fm(font());
  const int offset = std::min<int>(m_column - 1, static_cast<int>(text().size()));
  // Horizontal scrolling is ignored: expressions are short.
  const int x = contents.left() + 2 + fm.horizontalAdvance(text().left(offset));
  const int y = contents.bottom() - 1;
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(Qt::NoPen);
  p.setBrush(QColor(0xc6, 0x28, 0x28));
  const QPointF tri[3] = {QPointF(x, y - 4), QPointF(x - 4, y + 1), QPointF(x + 4, y + 1)};
  p.drawPolygon(tri, 3);
}

}  // namespace wb::app
