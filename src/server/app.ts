// Builds the Fastify app (no listen): main.ts serves it, tests drive it with inject().
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { ErrorKey } from '#shared/schemas/fields.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createPublicRead } from './db/replica.ts';
import { installErrorHandler } from './http/errors.ts';
import { registerMultipart } from './http/multipart.ts';
import { addPermissionsPolicy } from './http/permissions-policy.ts';
import { allowPublicApiFromAnyOrigin } from './http/public-cors.ts';
import { limitBodyTime } from './http/body-timeout.ts';
import { refuseMalformedHost } from './http/host-header.ts';
import { capConnectionsPerClient } from './http/client-connections.ts';
import { SERVER_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './http/timeouts.ts';
import { reserveConnectionsForHealth } from './http/health-reserve.ts';
import { watchPublicAddress } from './http/public-address.ts';
import { loggerOptions, RequestLogController } from './logging.ts';
import { createUploadQueue, type UploadQueue } from './services/files/upload-queue.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { refuseUnsafeText } from './http/unsafe-text.ts';
import { authRoutes } from './routes/auth.ts';
import { captchaRoutes } from './routes/captcha.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { draftRoutes } from './routes/drafts.ts';
import { finderRoutes, listingPageLoad } from './routes/finder.ts';
import { createFinderIndex } from './services/finder-index.ts';
import { finderFeedRoutes } from './routes/finder-feed.ts';
import { healthRoutes } from './routes/health.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { pharmacyRoutes } from './routes/pharmacies.ts';
import { photoRoutes } from './routes/photos.ts';
import { placesRoutes } from './routes/places.ts';
import { registrationRoutes } from './routes/registration.ts';
import { staffRoutes } from './routes/staff.ts';
import { reviewRoutes } from './routes/review.ts';
import { reviewCheckRoutes } from './routes/review-checks.ts';
import { repVisitRoutes } from './routes/rep-visits.ts';
import { createRepVisits } from './services/field-force/rep-visits.ts';
import { areaManagerRoutes } from './routes/area-manager.ts';
import { fieldRepsRoutes } from './routes/field-reps.ts';
import { createFieldReps } from './services/field-force/field-reps.ts';
import { createAreaManagerPharmacies } from './services/field-force/area-manager-pharmacies.ts';
import { webRoutes } from './routes/web.ts';
import { linkPageLoaders } from './routes/link-pages.ts';
import { cookieConsentRoutes } from './routes/cookie-consent.ts';
import { applicantLinkRoutes } from './routes/applicant-links.ts';
import { myApplicationRoutes } from './routes/my-application.ts';
import { activityLogRoutes } from './routes/activity-log.ts';
import { programmeReportRoutes } from './routes/programme-report.ts';
import { privacyRecordRoutes } from './routes/privacy-record.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { PUBLIC_API_PREFIX, sendProblem } from './http/problem.ts';
import { apiClientRoutes } from './routes/api-clients.ts';
import { createApiClients, type ApiClients } from './services/api-clients.ts';
import { installPublicApiLimit } from './http/public-rate-limit.ts';
import { createActivityLog, type ActivityLog } from './services/activity-log.ts';
import { createProgrammeReport } from './services/programme-report.ts';
import { createApplicantLinks, type ApplicantLinks } from './services/applicant-links.ts';
import { createDataRights, type DataRights } from './services/data-rights.ts';
import { fieldConfirmationRoutes } from './routes/field-confirmation.ts';
import { createPharmacistConfirmation, type PharmacistConfirmation } from './services/field-force/pharmacist-confirmation.ts';
import { createApplicationStore, type ApplicationStore } from './services/applications.ts';
import { createMyApplication } from './services/my-application.ts';
import { createApplicationCopies } from './services/application-copy.ts';
import { createAuthService, type AuthService } from './services/auth/auth.ts';
import { createFieldDashboard, type FieldDashboard } from './services/field-force/field-dashboard.ts';
import { createFieldSales, type FieldSales } from './services/field-force/field-sales.ts';
import { createRepList } from './services/field-force/rep-list.ts';
import { createCaptchaService, type CaptchaService } from './services/captcha.ts';
import { createPhotoStore, type PhotoStore } from './services/files/photos.ts';
import { createDraftStore, type DraftStore } from './services/drafts.ts';
import { createMailer, type OutboxMailer } from './services/mail/outbox.ts';
import { startMailSender, type MailSender } from './services/mail/sender.ts';
import { createPlacesProvider } from './services/places/from-config.ts';
import { databaseRateLimitStore } from './services/rate-limit-store.ts';
import { loadServerKeys, staffSecretBox } from './services/server-keys.ts';
import { createMetrics } from './services/metrics.ts';
import { createBackupStatus } from './services/scheduled-backup.ts';
import { createReviewDesk, fieldsInFormOrder, type ReviewDesk } from './services/review/review-desk.ts';
import { createReviewChecks } from './services/review/review-checks.ts';
import { createReviewClaims } from './services/review/review-claims.ts';
import { createReviewers } from './services/review/reviewers.ts';
import type { PlacesProvider } from './services/places/provider.ts';
import { AFTER_PAINT_SCRIPT_HASH } from './services/after-paint.ts';
import { createListingsVersion, type ListingsVersion } from './services/listings-version.ts';

/** Request bodies other than the photo upload are small JSON. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

interface Services {
  database: DatabaseHandle;
  /** draining: set when shutdown begins, so that /readyz turns a load balancer away first. */
  lifecycle: { draining: boolean };
  applications: ApplicationStore;
  captcha: CaptchaService;
  photos: PhotoStore;
  drafts: DraftStore;
  auth: AuthService;
  fieldSales: FieldSales;
  fieldDashboard: FieldDashboard;
  places: PlacesProvider;
  mailer: OutboxMailer;
  reviewDesk: ReviewDesk;
  applicantLinks: ApplicantLinks;
  dataRights: DataRights;
  pharmacistConfirmation: PharmacistConfirmation;
  activityLog: ActivityLog;
  uploads: UploadQueue;
  /** The finder's listings version (issue 38 item 7): ETags of the public API's listing answers, 304 without a query. */
  listingsVersion: ListingsVersion;
  /** API keys of client apps (decision 0052). */
  apiClients: ApiClients;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** An already opened, migrated database (tests); otherwise the config's database is opened, migrated and closed with the app. */
  database?: DatabaseHandle;
  places?: PlacesProvider;
  logger?: FastifyServerOptions['logger'];
  /** The clock of expiring things (drafts, sign-in links, sessions); tests move it. */
  now?: () => Date;
  /** Tests shorten the request time-out; otherwise SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
}

/** The origin of a tile URL template for img-src; "{s}" subdomains become a wildcard. */
export function tileSource(mapTilesUrl: string): string | null {
  const match = /^(https?:\/\/[^/]+)/i.exec(mapTilesUrl.trim());
  if (!match?.[1]) return null;
  return match[1].replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
}

export function contentSecurityPolicy(config: Config) {
  const tiles = tileSource(config.mapTilesUrl);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script: server-rendered pages start their bundle after the first paint.
      scriptSrc: ["'self'", AFTER_PAINT_SCRIPT_HASH],
      styleSrc: ["'self'"],
      // Leaflet positions map tiles and markers with style attributes.
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
      // The ALTCHA widget solves its proof of work in blob: web workers.
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      mediaSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      ...(config.production ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...timeoutOptions(timeouts),
    logger: await loggerOptions(config, options.logger),
    // One line per request instead of Fastify's two (logging.ts).
    logController: new RequestLogController(),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A malformed URL (bad percent-encoding) is answered before any hook: give it our JSON shape.
    frameworkErrors: (error, request, reply) => {
      // The message quotes the URL, which may hold a token.
      request.log.info({ code: error.code }, 'malformed URL refused');
      // The public API answers problem details for every error, this one too (issue 38 item 4).
      if (request.url.startsWith(PUBLIC_API_PREFIX)) return sendProblem(request, reply as FastifyReply, 'invalid-parameter');
      return (reply as FastifyReply).code(400).send({ status: 'failed', message: 'invalid', errors: { _: ErrorKey.invalid } });
    },
  });
  watchPublicAddress(app, config);
  capConnectionsPerClient(app.server, config.maxConnectionsPerClient, app.log);
  reserveConnectionsForHealth(app, { cap: timeouts.maxConnections, reserve: timeouts.healthReserve });
  limitBodyTime(app, timeouts);
  // Before any route: a Host that is not a host (issue 36 item 7c) never reaches a link or a market.
  refuseMalformedHost(app);

  const database = options.database ?? (await openMigratedDatabase(config));
  if (!options.database) app.addHook('onClose', () => database.close());
  const { db } = database;
  // The public API's reads: on the read replica while it is fresh enough, else on the primary (docs/decisions/0053).
  const publicRead = createPublicRead(database, config.replica, { log: app.log });
  app.addHook('onClose', () => publicRead.close());
  const keys = await loadServerKeys(db, config);

  const now = options.now ?? (() => new Date());
  // The 'received' e-mail's copy of the answers is made when it is delivered (decision 0067).
  const applicationCopies = createApplicationCopies(db, { productName: config.productName });
  const mailer = createMailer(db, config.mail, app.log, applicationCopies.attachmentsOf);
  const dataRights = createDataRights(db, { now, mailDir: config.mail.dir, ledgerDir: config.backup.dir, log: app.log });
  // Listens for listing changes (NOTIFY finder_listings) for as long as the app is open.
  const listingsVersion = await createListingsVersion(database, app.log);
  app.addHook('onClose', () => listingsVersion.close());
  const services: Services = {
    database,
    lifecycle: { draining: false },
    applications: createApplicationStore(db, { productName: config.productName, supportEmail: config.operator.supportEmail }, now),
    captcha: createCaptchaService(db, { hmacKey: keys.captchaHmacKey, maxNumber: config.captcha.maxNumber }),
    photos: createPhotoStore(db),
    drafts: createDraftStore(db, { mailer, productName: config.productName, now }),
    auth: createAuthService(db, {
      mailer,
      box: staffSecretBox(keys),
      productName: config.productName,
      idleMinutes: config.staff.idleMinutes,
      absoluteHours: config.staff.absoluteHours,
      now,
      log: app.log,
    }),
    fieldSales: createFieldSales(db),
    fieldDashboard: createFieldDashboard(db),
    places: options.places ?? createPlacesProvider(config),
    mailer,
    reviewDesk: createReviewDesk(db, { now, productName: config.productName, supportEmail: config.operator.supportEmail }),
    applicantLinks: createApplicantLinks(db, {
      mailer,
      dataRights,
      productName: config.productName,
      supportEmail: config.operator.supportEmail,
      now,
      log: app.log,
    }),
    dataRights,
    pharmacistConfirmation: createPharmacistConfirmation(db, {
      now,
      days: config.fieldConfirmationDays,
      productName: config.productName,
      supportEmail: config.operator.supportEmail,
      mailDir: config.mail.dir,
      ledgerDir: config.backup.dir,
      log: app.log,
    }),
    activityLog: createActivityLog(db, { now, log: app.log }),
    uploads: createUploadQueue(),
    listingsVersion,
    apiClients: createApiClients(db, { now, log: app.log }),
  };
  app.decorate('services', services);
  // Queued mail goes out from the moment the app is ready until it closes.
  let mailSender: MailSender | null = null;
  app.addHook('onReady', async () => {
    mailSender = await startMailSender({ database, mailer, pollMs: config.mail.pollMs, log: app.log });
  });
  app.addHook('onClose', async () => {
    await services.auth.settled();
    await services.applicantLinks.settled();
    await services.activityLog.settled();
    await services.apiClients.close();
    await mailSender?.stop();
    await services.mailer.close();
  });

  installErrorHandler(app);
  refuseUnsafeText(app);

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    hsts: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  addPermissionsPolicy(app);
  // Before any route: each public GET route gets its preflight; no other route answers CORS.
  allowPublicApiFromAnyOrigin(app);
  // On PostgreSQL every server counts in the database; the embedded database has one process.
  await app.register(rateLimit, { global: false, ...(config.database.kind === 'postgres' ? { store: databaseRateLimitStore(db) } : {}) });
  await registerMultipart(app);
  await app.register(cookie);
  const publicPostLimit = { max: config.rateLimitMax, timeWindow: '1 minute' };
  // Reads are cheaper than writes but still bounded (the place search may call a third party).
  const publicReadLimit = { max: config.rateLimitMax * 10, timeWindow: '1 minute' };
  // The public API's (the patient app's): per API key, else per address, one window across its routes; 401 for a bad key (decision 0052).
  const publicApiLimit = installPublicApiLimit(app, {
    clients: services.apiClients,
    anonymousPerMinute: config.publicApiAnonymousPerMinute,
    db,
    now: () => now().getTime(),
  });

  // First: its onResponse hook counts every request, unknown paths too.
  // The scheduled backups' last run (services/scheduled-backup.ts), for every server of the fleet.
  const backups = createBackupStatus(db, config, now);
  await metricsRoutes(app, {
    metrics: createMetrics(database, { now, log: app.log, lastBackup: backups.forMetrics, replica: publicRead.state }),
    token: config.metricsToken,
  });
  await healthRoutes(app, { database, lifecycle: services.lifecycle, uploads: services.uploads, backups, replica: publicRead.state });
  await registrationRoutes(app, { applications: services.applications, captcha: services.captcha, config, rateLimit: publicPostLimit });
  await draftRoutes(app, { drafts: services.drafts, captcha: services.captcha, config, rateLimit: publicPostLimit });
  await photoRoutes(app, {
    photos: services.photos,
    captcha: services.captcha,
    db,
    auth: services.auth,
    config,
    rateLimit: publicPostLimit,
    dailyBytes: config.uploadDailyBytes,
    uploads: services.uploads,
  });
  await pharmacyRoutes(app, { db, rateLimit: publicPostLimit });
  await authRoutes(app, { auth: services.auth, config, rateLimit: publicPostLimit });
  await staffRoutes(app, { auth: services.auth, fieldSales: services.fieldSales, fieldDashboard: services.fieldDashboard, config, mailer: services.mailer });
  await areaManagerRoutes(app, {
    db,
    auth: services.auth,
    fieldSales: services.fieldSales,
    pharmacies: createAreaManagerPharmacies(db, services.fieldSales, services.pharmacistConfirmation, now),
    applications: services.applications,
    captcha: services.captcha,
    mailer: services.mailer,
    activityLog: services.activityLog,
    config,
  });
  await fieldRepsRoutes(app, { auth: services.auth, reps: createFieldReps(db, now), config });
  await certificateRoutes(app, { db, auth: services.auth, config });
  await captchaRoutes(app, { captcha: services.captcha, rateLimit: publicReadLimit });
  await placesRoutes(app, { places: services.places, defaultMarket: config.defaultMarket, rateLimit: publicReadLimit });
  await reviewRoutes(app, {
    auth: services.auth,
    desk: services.reviewDesk,
    claims: createReviewClaims(db, now),
    reviewers: createReviewers(db, now, config.defaultMarket),
    config,
    mailer: services.mailer,
    activityLog: services.activityLog,
  });
  await reviewCheckRoutes(app, {
    auth: services.auth,
    checks: createReviewChecks(db, { registerUrls: config.registerUrls, fieldsOf: fieldsInFormOrder }),
    exists: services.reviewDesk.exists,
    config,
  });
  await activityLogRoutes(app, { auth: services.auth, activityLog: services.activityLog, config });
  await programmeReportRoutes(app, { auth: services.auth, programmeReport: createProgrammeReport(db, { now }), activityLog: services.activityLog, config });
  await apiClientRoutes(app, { auth: services.auth, clients: services.apiClients, config });
  await privacyRecordRoutes(app, { auth: services.auth, config });
  await repVisitRoutes(app, {
    auth: services.auth,
    fieldSales: services.fieldSales,
    repVisits: createRepVisits(db, services.pharmacistConfirmation),
    repList: createRepList(db, services.fieldSales, now),
    applications: services.applications,
    config,
  });
  await fieldConfirmationRoutes(app, {
    confirmation: services.pharmacistConfirmation,
    captcha: services.captcha,
    applications: services.applications,
    rateLimit: publicPostLimit,
  });
  await applicantLinkRoutes(app, {
    links: services.applicantLinks,
    dataRights: services.dataRights,
    captcha: services.captcha,
    config,
    rateLimit: publicPostLimit,
  });
  const myApplication = createMyApplication(db, { now });
  await cookieConsentRoutes(app, { rateLimit: publicPostLimit });
  await myApplicationRoutes(app, { myApplication, copies: applicationCopies, rateLimit: publicPostLimit });
  // Issue #13: the finder.
  await finderRoutes(app, {
    db: publicRead.db,
    readsFromPrimary: publicRead.db === db,
    listingsVersion,
    finderIndex: createFinderIndex(publicRead.db),
    rateLimit: publicApiLimit,
  });
  // Issue 38 item 3: the snapshot and change feed.
  await finderFeedRoutes(app, { db: publicRead.db, listingsVersion, rateLimit: publicApiLimit });
  // Issue 38: the public API's contract (OpenAPI), its problem types and its reference page.
  await openApiRoutes(app, { rateLimit: publicReadLimit });
  await webRoutes(app, config, { finderListing: listingPageLoad(publicRead.db), ...linkPageLoaders({ myApplication, dataRights: services.dataRights }) });

  return app;
}
