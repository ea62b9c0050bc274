import { isLongEnoughSharedSecret, normalisedSharedSecret, SHARED_SECRET_TOO_SHORT } from "../shared-secret"
import { doc, group, httpUrlOrBlank, oneOfOrBlank, text } from "./option-kinds"

const sharedSecret = text().refine((value) => !normalisedSharedSecret(value) || isLongEnoughSharedSecret(value.trim()), {
  error: SHARED_SECRET_TOO_SHORT,
})

/** The team-chat bridge's options. */
export const bridgeOptions = {
  bridge: doc(
    group({
      provider: doc(oneOfOrBlank(["slack", "discord"]).optional(), {
        description: '`"slack"` or `"discord"`; unset: no bridge',
      }),
      channelId: doc(text().optional(), { description: "Slack channel id (`C...`) or Discord text channel id" }),
      botToken: doc(text().optional(), {
        secret: true,
        description:
          "Slack bot token (`xoxb-...`, scopes `chat:write`, `channels:read`, `users:read`, `channels:history`) or Discord bot token",
      }),
      sharedSecret: doc(sharedSecret.optional(), {
        secret: true,
        description:
          "Secret the companion bot sends in `X-APP-Secret`: at least 32 characters, spaces around it trimmed (`openssl rand -hex 32` makes one). A shorter one stops the app at start; without one the hook route refuses everything",
      }),
      baseUrl: doc(httpUrlOrBlank().optional(), {
        defaultText: "`https://slack.com/api` / `https://discord.com/api/v10`",
        description: "API base URL, for a proxy or a test double",
      }),
    }).prefault({}),
    { group: "Team-chat bridge" }
  ),
}
