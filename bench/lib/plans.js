// EXPLAIN (ANALYZE, BUFFERS) of the statements the plugin's own SQL store sends, printed
// as a compact plan tree (node types, index names, rows), with a guard against
// sequential scans of the big message table.
const FORBIDDEN_SEQ_SCAN = "chat_message"

/** `?` placeholders (as knex takes them) to `$n` (as pg takes them). */
function toPgPlaceholders(text, params) {
  let count = 0
  const sql = text.replace(/\?/g, () => `$${++count}`)
  if (count !== params.length) throw new Error(`${count} placeholders for ${params.length} parameters in: ${sql}`)
  return sql
}

/**
 * A SqlRunner (the plugin stores' only dependency) that runs each statement for real,
 * then once more under EXPLAIN ANALYZE, collecting the plans in `plans`.
 */
function explainingRunner(client, plans) {
  return async (text, params = []) => {
    const sql = toPgPlaceholders(text, params)
    const { rows } = await client.query(sql, params)
    const explained = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)
    plans.push(explained.rows[0]["QUERY PLAN"][0])
    return rows
  }
}

const nodeLine = (node) =>
  [
    node["Subplan Name"] && `${node["Subplan Name"]}:`,
    node["Node Type"],
    node["Index Name"] && `using ${node["Index Name"]}`,
    node["Relation Name"] && `on ${node["Relation Name"]}`,
    `(rows=${node["Actual Rows"]} loops=${node["Actual Loops"]})`,
  ]
    .filter(Boolean)
    .join(" ")

function treeLines(node, depth = 0) {
  const children = (node.Plans ?? []).flatMap((child) => treeLines(child, depth + 1))
  return [`${"  ".repeat(depth)}${nodeLine(node)}`, ...children]
}

function allNodes(node) {
  return [node, ...(node.Plans ?? []).flatMap(allNodes)]
}

/** The plan's lines, ending with its timing and buffer use. */
function describePlan(explained) {
  const root = explained.Plan
  const timing =
    `execution ${explained["Execution Time"].toFixed(2)} ms, planning ${explained["Planning Time"].toFixed(2)} ms, ` +
    `buffers shared hit=${root["Shared Hit Blocks"]} read=${root["Shared Read Blocks"]}`
  return [...treeLines(root), timing]
}

/** Names the plans that read chat_message sequentially (an empty list is the pass). */
function forbiddenScans(explained) {
  return allNodes(explained.Plan).filter(
    (node) => node["Node Type"].includes("Seq Scan") && node["Relation Name"] === FORBIDDEN_SEQ_SCAN
  )
}

module.exports = { explainingRunner, describePlan, forbiddenScans }
