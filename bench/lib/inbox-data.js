// A support inbox at scale, written straight into the plugin's tables with set-based SQL:
// 100,000 conversations over the last 90 days and 1,000,000 messages (10 on average per
// conversation, Poisson-spread). Seeded, so every run produces the same data.
const CONVERSATIONS = 100_000
const MESSAGES = 1_000_000

/** Only RARE_PHRASES contain it; SEARCH_SHARE of the messages use one of them. */
const SEARCH_TERM = "refurbished"
const SEARCH_SHARE = 0.005

const VISITOR_PHRASES = [
  "Hi, where is my order?",
  "Hello, is this item in stock?",
  "Can I change the shipping address on my order?",
  "I received the wrong size, how do I exchange it?",
  "My package says delivered but I can't find it.",
  "Do you ship to Canada?",
  "How long does delivery usually take?",
  "The discount code is not working at checkout.",
  "Can I cancel my order please?",
  "I was charged twice for the same order.",
  "When will the blue version be back in stock?",
  "Is there a size guide for the jackets?",
  "How do I return an item?",
  "My payment keeps failing, any idea why?",
  "Can I pick up the order in store instead?",
  "The product arrived damaged.",
  "Do you offer gift wrapping?",
  "Thanks, that worked!",
  "Ok great, thank you so much.",
  "Is the warranty valid internationally?",
  "Can I add an item to an existing order?",
  "What is your return policy for sale items?",
]

const AGENT_PHRASES = [
  "Hi! Thanks for reaching out, let me check that for you.",
  "Your order has shipped, here is the tracking link.",
  "I have updated the shipping address on your order.",
  "I've issued a refund, it should appear within 5 business days.",
  "Could you send me a photo of the damaged item?",
  "We ship to Canada and most of Europe, yes.",
  "That item is expected back in stock next week.",
  "I've applied the discount to your order manually.",
  "Your order has been cancelled and fully refunded.",
  "You can start a return from your account page.",
  "Is there anything else I can help you with?",
  "Delivery usually takes 3 to 5 business days.",
  "I've sent you a prepaid return label by email.",
  "Sorry about that, I'm escalating this to our warehouse team.",
]

const AUTO_PHRASES = [
  "Thanks for your message! We usually reply within a few hours.",
  "We're offline right now. Leave your email and we'll get back to you.",
]

const RARE_PHRASES = [
  `Is the ${SEARCH_TERM} model covered by the same warranty?`,
  `Our ${SEARCH_TERM} units come with a 12-month warranty.`,
]

const AGENTS = ["user_01BENCHAGENT0000000000001", "user_01BENCHAGENT0000000000002", "user_01BENCHAGENT0000000000003"]

// Visitor ids as random as the cookie's; conversation ids follow creation time, as serials do.
const CREATE_CONVERSATIONS = `
CREATE TEMP TABLE bench_conversation AS
SELECT row_number() OVER (ORDER BY created_at)::int AS id, created_at,
  random() AS r_status, random() AS r_email, random() AS r_assign
FROM (SELECT now() - random() * interval '90 days' AS created_at FROM generate_series(1, $1::int)) s`

// Materialised first: a volatile join key must not be re-evaluated inside the join.
const CREATE_MESSAGE_SLOTS = `
CREATE TEMP TABLE bench_message_slot AS
SELECT 1 + floor(random() * $1::int)::int AS conversation_id, random() AS r_delay
FROM generate_series(1, $2::int)`

// Most replies come soon after the first message, a few days later at most, never in the
// future; message ids follow creation time across all conversations, as serials do.
const CREATE_MESSAGES = `
CREATE TEMP TABLE bench_message AS
SELECT row_number() OVER (ORDER BY t.created_at, t.conversation_id)::int AS id,
  row_number() OVER (PARTITION BY t.conversation_id ORDER BY t.created_at) AS position,
  t.conversation_id, t.created_at, random() AS r_sender, random() AS r_text, random() AS r_phrase, random() AS r_token
FROM (
  SELECT s.conversation_id,
    c.created_at + power(s.r_delay, 3) * least(interval '5 days', now() - c.created_at) AS created_at
  FROM bench_message_slot s JOIN bench_conversation c ON c.id = s.conversation_id
) t`

const INSERT_CONVERSATIONS = `
INSERT INTO chat_conversation (id, visitor_hash, status, assigned_to, email, page_url,
  last_message_at, last_seen_at, created_at, updated_at)
SELECT c.id,
  encode(sha256(convert_to('bench-visitor-' || c.id, 'UTF8')), 'hex'),
  CASE WHEN c.r_status < 0.3 THEN 'open' WHEN c.r_status < 0.5 THEN 'waiting' ELSE 'closed' END,
  CASE WHEN c.r_assign < 0.25 THEN ($1::text[])[1 + c.id % array_length($1::text[], 1)] END,
  CASE WHEN c.r_email < 0.33 THEN 'customer' || c.id || '@' || (ARRAY['example.com', 'mail.test', 'shop.dev'])[1 + c.id % 3] END,
  'https://shop.example.com/products/' || (ARRAY['jacket', 'sneakers', 'backpack', 'watch', 'cart'])[1 + c.id % 5],
  m.last_at, m.last_at, c.created_at, COALESCE(m.last_at, c.created_at)
FROM bench_conversation c
LEFT JOIN (SELECT conversation_id, max(created_at) AS last_at FROM bench_message GROUP BY conversation_id) m
  ON m.conversation_id = c.id
ORDER BY c.id`

// Every conversation opens with the visitor; an auto reply may follow; then a mix.
const SENDER = `CASE WHEN position = 1 THEN 'visitor'
  WHEN position = 2 AND r_sender < 0.25 THEN 'auto'
  WHEN r_sender < 0.55 THEN 'visitor'
  WHEN r_sender < 0.9 THEN 'agent'
  ELSE 'bridge' END`

const pick = (param) => `($${param}::text[])[1 + floor(r_phrase * array_length($${param}::text[], 1))::int]`

// Order numbers and reference codes make texts distinct (the trigram index sees real variety).
const TEXT = `CASE WHEN r_text < $5 THEN ${pick(4)}
    WHEN sender = 'visitor' THEN ${pick(1)}
    WHEN sender = 'auto' THEN ${pick(3)}
    ELSE ${pick(2)} END
  || CASE WHEN r_token < 0.3 THEN ' Order #' || (100000 + floor(r_token * 3000000)::int)
    WHEN r_token < 0.5 THEN ' (ref ' || substr(md5(id::text), 1, 8) || ')'
    ELSE '' END`

const INSERT_MESSAGES = `
INSERT INTO chat_message (id, conversation_id, sender, author_name, message, page_url, created_at, updated_at)
SELECT id, conversation_id, sender,
  CASE sender WHEN 'agent' THEN 'Agent ' || (1 + conversation_id % 3) WHEN 'bridge' THEN 'Support (Slack)' END,
  ${TEXT},
  CASE WHEN sender = 'visitor' THEN 'https://shop.example.com/products/jacket' END,
  created_at, created_at
FROM (SELECT *, ${SENDER} AS sender FROM bench_message) m
ORDER BY id`

const SET_SEQUENCE = (table) =>
  `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`

/** Fills the inbox tables through `client` (a connected pg Client); returns seconds taken. */
async function generateInbox(client) {
  const started = process.hrtime.bigint()
  await client.query("SELECT setseed(0.42)")
  await client.query("SET work_mem = '256MB'")
  await client.query(CREATE_CONVERSATIONS, [CONVERSATIONS])
  await client.query(CREATE_MESSAGE_SLOTS, [CONVERSATIONS, MESSAGES])
  await client.query(CREATE_MESSAGES)
  await client.query(INSERT_CONVERSATIONS, [AGENTS])
  await client.query(INSERT_MESSAGES, [VISITOR_PHRASES, AGENT_PHRASES, AUTO_PHRASES, RARE_PHRASES, SEARCH_SHARE])
  await client.query(SET_SEQUENCE("chat_conversation"))
  await client.query(SET_SEQUENCE("chat_message"))
  await client.query("DROP TABLE bench_message, bench_message_slot, bench_conversation")
  // A live store's autovacuum has long since done this: statistics, visibility map and an
  // empty GIN pending list, so the plans are the ones production gets.
  await client.query("VACUUM (ANALYZE) chat_conversation, chat_message")
  return Number(process.hrtime.bigint() - started) / 1e9
}

/** Row counts by what the route filters on, to show the data is what it claims to be. */
async function describeInbox(client) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM chat_conversation)::int AS conversations,
       (SELECT count(*) FROM chat_message)::int AS messages,
       (SELECT count(*) FROM chat_conversation WHERE status = 'waiting')::int AS waiting,
       (SELECT count(*) FROM chat_conversation WHERE email IS NOT NULL)::int AS with_email,
       (SELECT count(*) FROM chat_conversation WHERE assigned_to IS NOT NULL)::int AS assigned,
       (SELECT count(*) FROM chat_message WHERE message ILIKE $1)::int AS term_messages,
       (SELECT string_agg(sender || ' ' || n, ', ' ORDER BY n DESC)
          FROM (SELECT sender, count(*) AS n FROM chat_message GROUP BY sender) s) AS senders`,
    [`%${SEARCH_TERM}%`]
  )
  return rows[0]
}

module.exports = { SEARCH_TERM, generateInbox, describeInbox }
