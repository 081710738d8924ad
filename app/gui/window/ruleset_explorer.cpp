#include "app/gui/window/ruleset_explorer.h"

#include <QAction>
#include <QKeySequence>

#include <QHeaderView>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

namespace {
constexpr int kPageRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

QString sectionTitle(model::Section s) {
  switch (s) {
    case model::Section::Cards: return QObject::tr("Cards");
    case model::Section::Tiles: return QObject::tr("Tiles");
    case model::Section::Events: return QObject::tr("Events");
    case model::Section::Abilities: return QObject::tr("Abilities");
    case model::Section::Factions: return QObject::tr("Factions");
  }
  return {};
}
}  // namespace

RulesetExplorer::RulesetExplorer(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  m_filter = new QLineEdit(this);
  m_filter->setPlaceholderText(tr("Filter (id, name, text)..."));
  m_filter->setClearButtonEnabled(true);
  m_filter->setToolTip(tr("Shows the entities whose id, name or text contain this (Ctrl+F). Esc clears it."));
  // Esc clears the filter (a second Esc, on an empty filter, gives the focus back to the tree).
  auto* clear = new QAction(m_filter);
  clear->setShortcut(QKeySequence(Qt::Key_Escape));
  clear->setShortcutContext(Qt::WidgetShortcut);
  connect(clear, &QAction::triggered, this, [this] {
    if (m_filter->text().isEmpty()) m_tree->setFocus();
    else m_filter->clear();
  });
  m_filter->addAction(clear);
  layout->addWidget(m_filter);
  m_tree = new QTreeWidget(this);
  m_tree->setHeaderHidden(true);
  m_tree->setColumnCount(2);
  m_tree->header()->setStretchLastSection(false);
  m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  m_tree->setUniformRowHeights(true);
  layout->addWidget(m_tree);

  connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& t) {
    applyFilter();
    Q_EMIT filterChanged(t);
  });
  connect(m_tree, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item) { onCurrentChanged(item); });
  connect(document, &RulesetDocument::reset, this, &RulesetExplorer::rebuild);
  connect(document, &RulesetDocument::diagnosticsChanged, this, &RulesetExplorer::rebuild);
  connect(document, &RulesetDocument::changed, this, [this](const DocumentChange& c) {
    if (c.kind != DocumentChange::Kind::Effects) rebuild();  // names and counts may have changed
  });
  rebuild();
}

QString RulesetExplorer::filterText() const { return m_filter->text(); }

void RulesetExplorer::rebuild() {
  // Keep the current node across rebuilds.
  int page = -1;
  QString id;
  if (auto* cur = m_tree->currentItem()) {
    page = cur->data(0, kPageRole).toInt();
    id = cur->data(0, kIdRole).toString();
  }
  m_rebuilding = true;
  const QSignalBlocker block(m_tree);
  std::vector<bool> expanded;
  for (int i = 0; i < m_tree->topLevelItemCount(); ++i) expanded.push_back(m_tree->topLevelItem(i)->isExpanded());
  m_tree->clear();
  const auto& r = m_document->ruleset();
  auto add = [&](const QString& title, int pageNo, int count, QStyle::StandardPixmap icon) {
    auto* item = new QTreeWidgetItem(m_tree, {title, count >= 0 ? QString::number(count) : QString()});
    item->setData(0, kPageRole, pageNo);
    item->setIcon(0, style()->standardIcon(icon));
    item->setForeground(1, QColor(0x77, 0x77, 0x77));
    return item;
  };
  add(tr("Overview"), Overview, -1, QStyle::SP_FileDialogInfoView);
  add(tr("Parameters"), Parameters, static_cast<int>(r.parameters.size()), QStyle::SP_FileDialogDetailedView);
  add(tr("Dice"), Dice, static_cast<int>(r.dice.size()), QStyle::SP_FileDialogListView);
  for (model::Section s : model::kSections) {
    const auto& list = r.entities(s);
    auto* top = add(sectionTitle(s), pageOf(s), static_cast<int>(list.size()), QStyle::SP_DirIcon);
    for (const auto& e : list) {
      const QString eid = QString::fromStdString(e.id);
      auto* child = new QTreeWidgetItem(top, {QString::fromStdString(e.name.empty() ? e.id : e.name)});
      child->setData(0, kPageRole, pageOf(s));
      child->setData(0, kIdRole, eid);
      child->setToolTip(0, eid);
      if (!m_document->diagnosticsFor(s, eid).isEmpty()) {
        child->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
        child->setForeground(0, QColor(0xb7, 0x1c, 0x1c));
      }
    }
    if (list.empty()) top->setForeground(0, QColor(0x99, 0x99, 0x99));
  }
  for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
    m_tree->topLevelItem(i)->setExpanded(i < static_cast<int>(expanded.size()) ? expanded[static_cast<std::size_t>(i)]
                                                                               : false);
  applyFilter();
  m_rebuilding = false;
  if (page >= 0) select(page, id);
}

void RulesetExplorer::applyFilter() {
  const QString f = m_filter->text().trimmed();
  const auto& r = m_document->ruleset();
  for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem* top = m_tree->topLevelItem(i);
    int visible = 0;
    for (int c = 0; c < top->childCount(); ++c) {
      QTreeWidgetItem* child = top->child(c);
      bool match = f.isEmpty();
      if (!match) {
        const QString id = child->data(0, kIdRole).toString();
        const model::Entity* e = r.findEntity(id.toStdString());
        match = id.contains(f, Qt::CaseInsensitive) || child->text(0).contains(f, Qt::CaseInsensitive) ||
                (e && QString::fromStdString(e->text).contains(f, Qt::CaseInsensitive));
      }
      child->setHidden(!match);
      visible += match ? 1 : 0;
    }
    if (!f.isEmpty() && top->childCount() > 0) {
      top->setText(1, QStringLiteral("%1/%2").arg(visible).arg(top->childCount()));
      if (visible > 0) top->setExpanded(true);
    } else if (top->childCount() > 0 || i >= FirstSection) {
      top->setText(1, QString::number(top->childCount()));
    }
  }
}

void RulesetExplorer::select(int page, const QString& entityId) {
  for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem* top = m_tree->topLevelItem(i);
    if (top->data(0, kPageRole).toInt() != page) continue;
    QTreeWidgetItem* target = top;
    for (int c = 0; c < top->childCount() && !entityId.isEmpty(); ++c)
      if (top->child(c)->data(0, kIdRole).toString() == entityId) target = top->child(c);
    if (target != top) top->setExpanded(true);
    if (m_tree->currentItem() != target) {
      const QSignalBlocker block(m_tree);
      m_tree->setCurrentItem(target);
    }
    m_tree->scrollToItem(target);
    return;
  }
}

void RulesetExplorer::onCurrentChanged(QTreeWidgetItem* item) {
  if (!item || m_rebuilding) return;
  const int page = item->data(0, kPageRole).toInt();
  const QString id = item->data(0, kIdRole).toString();
  Q_EMIT pageSelected(page);
  if (!id.isEmpty() && page >= FirstSection)
    Q_EMIT entitySelected(static_cast<model::Section>(page - FirstSection), id);
}

}  // namespace wb::app
