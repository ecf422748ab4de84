/**
 * Who a channel acts as and what it may do: read at the join and again at every token refresh, so
 * both go through here.
 */
import { topicPolicies, type TopicPolicies } from '../authorization.js';
import type { Channel } from '../hub.js';
import type { VerifiedToken } from '../tokens.js';
import type { ConnectionDeps } from './channel-socket.js';

/** Public channels: no realtime.messages policy applies. */
export const PUBLIC_POLICIES: TopicPolicies = {
  broadcastRead: true,
  presenceRead: true,
  broadcastWrite: true,
  presenceWrite: true,
};

/** The policies, or what kept them from being read (join and token refresh each refuse in their words). */
export async function channelPolicies(
  deps: ConnectionDeps,
  verified: VerifiedToken,
  name: string,
): Promise<TopicPolicies | Error> {
  const { pools, roleSettings } = deps.ctx;
  try {
    return await topicPolicies(pools.api, roleSettings, verified.role, verified.claims, name);
  } catch (error) {
    return error as Error;
  }
}

/** The channel fields a token decides; channels with the same claimsKey share RLS checks. */
export function subscriberIdentity(verified: VerifiedToken): Pick<Channel, 'role' | 'claims' | 'claimsKey'> {
  return {
    role: verified.role,
    claims: verified.claims,
    claimsKey: `${verified.role}\0${JSON.stringify(verified.claims)}`,
  };
}

export function permissions(
  policies: TopicPolicies,
): Pick<Channel, 'canReadBroadcast' | 'canReadPresence' | 'canWriteBroadcast' | 'canWritePresence'> {
  return {
    canReadBroadcast: policies.broadcastRead,
    canReadPresence: policies.presenceRead,
    canWriteBroadcast: policies.broadcastWrite,
    canWritePresence: policies.presenceWrite,
  };
}

export function writeDenied(channel: Channel, action: string): string {
  return `Unauthorized: You do not have permissions to ${action} this Channel topic: ${channel.name}`;
}
