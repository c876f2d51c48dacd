import { StoresInitial1763700000000 } from './1763700000000-stores-initial.js';
import { StoresMessages1763800000000 } from './1763800000000-stores-messages.js';
import { StoresLeanIndexes1763950000000 } from './1763950000000-stores-lean-indexes.js';
import { StoresReferenceProtocol1764300000000 } from './1764300000000-reference-protocol.js';
import { StoresMessageRelay1764400000000 } from './1764400000000-stores-message-relay.js';
import { StoresHotUpdates1764500000000 } from './1764500000000-stores-hot-updates.js';
import { StoresSubscriptions1765100000000 } from './1765100000000-stores-subscriptions.js';
import { StoresSubscriptionStop1765200000000 } from './1765200000000-stores-subscription-stop.js';

export const storesMigrations = [
  StoresInitial1763700000000,
  StoresMessages1763800000000,
  StoresLeanIndexes1763950000000,
  StoresReferenceProtocol1764300000000,
  StoresMessageRelay1764400000000,
  StoresHotUpdates1764500000000,
  StoresSubscriptions1765100000000,
  StoresSubscriptionStop1765200000000,
];
