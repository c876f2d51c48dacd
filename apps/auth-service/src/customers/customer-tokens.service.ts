import {
  CUSTOMER_TOKEN_TTL,
  CustomerCreateEmailTokenDto,
  CustomerCreatePasswordResetTokenDto,
  CustomerEmailVerifyDto,
  CustomerResetPasswordDto,
  type Customer,
  type CustomerToken,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { MessageLog, action } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashSecret, randomToken } from '../tokens/secrets.js';
import { TokenRevocations } from '../tokens/token-revocations.service.js';
import { CustomerTokensRepository, type CustomerTokenKind } from './customer-tokens.repository.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService, customerSubject } from './customers.service.js';
import { hashPassword } from './passwords.js';

/** A token's value is in its Message only when it lives at most this long (release note 2025-06-04). */
const VALUE_IN_MESSAGE_MAX_MINUTES = 60;
const MINUTE_MS = 60_000;
/** Expired tokens answer `Expired...` this long, then go when the customer's next token is created. */
const EXPIRED_KEPT_MS = 86_400_000;

const CREATED_MESSAGE = {
  password: 'CustomerPasswordTokenCreated',
  email: 'CustomerEmailTokenCreated',
} as const;

/**
 * Password-reset and e-mail-verification tokens: random 256-bit values, stored as SHA-256 hashes, single use.
 * Redeeming one deletes every token of its kind of the customer; a reset also revokes the customer's access
 * and refresh tokens.
 */
@Injectable()
export class CustomerTokens {
  constructor(
    private readonly db: DataSource,
    private readonly customers: CustomersService,
    private readonly repository: CustomersRepository,
    private readonly tokens: CustomerTokensRepository,
    private readonly messages: MessageLog,
    private readonly revocations: TokenRevocations,
  ) {}

  async createPasswordToken(ctx: RequestContext, raw: unknown): Promise<CustomerToken> {
    const dto = parseDto(CustomerCreatePasswordResetTokenDto, raw);
    const found = await this.customers.findForSignIn(ctx.projectKey, dto.email, ctx.storeKey);
    if (!found) throw Errors.resourceNotFound({ key: 'email' });
    const ttl = dto.ttlMinutes ?? CUSTOMER_TOKEN_TTL.passwordDefault;
    return this.issue(ctx, found.customer, 'password', ttl, dto.invalidateOlderTokens ?? false);
  }

  async createEmailToken(ctx: RequestContext, raw: unknown): Promise<CustomerToken> {
    const dto = parseDto(CustomerCreateEmailTokenDto, raw);
    const customer = await this.customers.get(ctx, { id: dto.id });
    if (dto.version !== undefined && dto.version !== customer.version) {
      throw Errors.concurrentModification(customer.id, dto.version, customer.version);
    }
    return this.issue(ctx, customer, 'email', dto.ttlMinutes, dto.invalidateOlderTokens ?? false);
  }

  /** The customer of a valid token: unknown (or used) 404, expired 400. */
  async customerOf(ctx: RequestContext, kind: CustomerTokenKind, value: unknown): Promise<Customer> {
    if (typeof value !== 'string' || value.length === 0) throw Errors.resourceNotFound({ key: 'token' });
    const row = await this.tokens.find(this.db, ctx.projectKey, kind, hashSecret(value));
    if (!row) throw Errors.resourceNotFound({ key: 'token' });
    if (row.expires_at.getTime() <= Date.now()) throw Errors.expiredCustomerToken(kind);
    const customer = await this.customers.get(ctx, { id: row.customer_id }).catch(() => undefined);
    if (!customer) throw Errors.resourceNotFound({ key: 'token' });
    return customer;
  }

  async resetPassword(ctx: RequestContext, raw: unknown): Promise<Customer> {
    const dto = parseDto(CustomerResetPasswordDto, raw);
    const current = await this.customerOf(ctx, 'password', dto.tokenValue);
    const hash = await hashPassword(dto.newPassword);
    const customer = await this.redeem(ctx, current, dto.version, 'password', dto.tokenValue, (c) => ({
      resource: c,
      messages: [{ type: 'CustomerPasswordUpdated', reset: true }],
      extra: (tx) => this.repository.setPasswordHash(tx, ctx.projectKey, c.id, hash),
    }));
    await this.revocations.revokeCustomer(ctx.projectKey, customer.id);
    return customer;
  }

  async confirmEmail(ctx: RequestContext, raw: unknown): Promise<Customer> {
    const dto = parseDto(CustomerEmailVerifyDto, raw);
    const current = await this.customerOf(ctx, 'email', dto.tokenValue);
    return this.redeem(ctx, current, dto.version, 'email', dto.tokenValue, (c) => ({
      resource: { ...c, isEmailVerified: true },
      messages: [{ type: 'CustomerEmailVerified' }],
    }));
  }

  /**
   * Applies a token's change through the update pipeline; its write consumes the token (a token redeemed
   * meanwhile makes the whole change fail with 404) and deletes the customer's other tokens of that kind.
   */
  private redeem(
    ctx: RequestContext,
    current: Customer,
    version: number | undefined,
    kind: CustomerTokenKind,
    value: string,
    change: (customer: Customer) => {
      resource: Customer;
      messages: { type: string; [field: string]: unknown }[];
      extra?: (tx: Parameters<CustomerTokensRepository['consume']>[0]) => Promise<void>;
    },
  ): Promise<Customer> {
    return this.customers.applyInternal(ctx, current, version ?? current.version, {
      name: kind === 'password' ? 'resetPassword' : 'verifyEmail',
      action: {},
      handler: action(Object, (customer: Customer) => {
        const { resource, messages, extra } = change(customer);
        return {
          resource,
          messages,
          write: async (tx) => {
            if (!(await this.tokens.consume(tx, ctx.projectKey, kind, hashSecret(value)))) {
              throw Errors.resourceNotFound({ key: 'token' });
            }
            await this.tokens.deleteForCustomer(tx, ctx.projectKey, customer.id, kind);
            await extra?.(tx);
          },
        };
      }),
    });
  }

  private async issue(
    ctx: RequestContext,
    customer: Customer,
    kind: CustomerTokenKind,
    ttlMinutes: number,
    invalidateOlderTokens: boolean,
  ): Promise<CustomerToken> {
    const value = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMinutes * MINUTE_MS);
    const id = randomUUID();
    const writer = await this.messages.writer(ctx);
    await this.db.transaction(async (tx) => {
      await this.repository.lockRow(tx, ctx.projectKey, customer.id);
      await this.tokens.deleteExpiredOf(
        tx,
        ctx.projectKey,
        customer.id,
        new Date(now.getTime() - EXPIRED_KEPT_MS),
      );
      if (invalidateOlderTokens) await this.tokens.deleteForCustomer(tx, ctx.projectKey, customer.id, kind);
      await this.tokens.insert(tx, ctx.projectKey, hashSecret(value), {
        id,
        kind,
        customer_id: customer.id,
        invalidate_older_tokens: invalidateOlderTokens,
        created_at: now,
        expires_at: expiresAt,
      });
      await writer.append(tx, customerSubject(customer), [
        {
          type: CREATED_MESSAGE[kind],
          customerId: customer.id,
          expiresAt: expiresAt.toISOString(),
          invalidateOlderTokens,
          ...(ttlMinutes <= VALUE_IN_MESSAGE_MAX_MINUTES ? { value } : {}),
        },
      ]);
    });
    return {
      id,
      customerId: customer.id,
      value,
      expiresAt: expiresAt.toISOString(),
      invalidateOlderTokens,
      createdAt: now.toISOString(),
      lastModifiedAt: now.toISOString(),
    };
  }
}
