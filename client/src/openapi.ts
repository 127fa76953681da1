// Generated from the Quire server’s OpenAPI document and error codes by `npm run client:types`. Do not edit by hand.

export interface paths {
  '/v1': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Health check
     * @description Liveness and build revision. The only response that is not enveloped.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /**
               * @description The instance is alive
               * @enum {string}
               */
              status: 'running'
              /** @description Git revision of the running build, or __UNKNOWN__ */
              version: string
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/ready': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Readiness check
     * @description Whether this instance should get new requests: 200 when the database answers a trivial query within 1 s, else 503; also 503 while the instance drains before shutting down (`SHUTDOWN_DRAIN`). Load balancers probe this one; `GET /v1` stays the liveness check. Not enveloped.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'ready'
            }
          }
        }
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'unavailable'
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/register': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Create an account
     * @description Every invalid field is listed together in one 422. The email is stored lower-cased; an address already registered in any case gives 409 EMAIL_ALREADY_EXISTS. Shares a per-address rate limit with login (AUTH_IP_LIMIT). Besides, a client address (IPv6: its /64) may create at most REGISTER_IP_LIMIT accounts (default 20 per hour): what is counted is accounts created, since that is what the limit is about, and failed attempts are already bounded by AUTH_IP_LIMIT; past it, 429 RATE_LIMITED with Retry-After. The verification mail counts toward MAIL_RECIPIENT_LIMIT (see POST /v1/me/email-verification).
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description A valid address, unique regardless of case */
            email: string
            /** @description At least PASSWORD_MIN_LENGTH (default 10) and at most 256 Unicode characters after NFKC normalisation; not a common password, not trivially guessable, not the email. No composition rules. */
            password: string
            /** @description 1–100 characters */
            display_name?: string | null
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: email
                 * @description Lower-cased at registration
                 */
                email: string
                display_name: string | null
                /** @description Free-form JSON object of the user’s own settings (at most 16 KiB) */
                preferences: {
                  [key: string]: unknown
                }
                /** @description True once the owner confirmed the address from a mail (POST /v1/email-verifications) */
                email_verified: boolean
                /** @description True while two-factor sign-in (TOTP) is on */
                totp_enabled: boolean
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, the caller’s sessions and posts; follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  sessions: string
                  /** Format: uri-reference */
                  posts: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  display_name?: string
                  email?: string
                  password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The caller’s profile
     * @description `include=sessions,posts` embeds the first page of each list (follow `links` for more). Carries an ETag (If-None-Match → 304) when nothing is embedded.
     */
    get: {
      parameters: {
        query?: {
          /** @description Comma-separated lists to embed: sessions, posts */
          include?: string
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: email
                 * @description Lower-cased at registration
                 */
                email: string
                display_name: string | null
                /** @description Free-form JSON object of the user’s own settings (at most 16 KiB) */
                preferences: {
                  [key: string]: unknown
                }
                /** @description True once the owner confirmed the address from a mail (POST /v1/email-verifications) */
                email_verified: boolean
                /** @description True while two-factor sign-in (TOTP) is on */
                totp_enabled: boolean
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, the caller’s sessions and posts; follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  sessions: string
                  /** Format: uri-reference */
                  posts: string
                }
                /** @description First page; with include=sessions */
                sessions?: {
                  /**
                   * Format: uuid
                   * @description UUIDv7; ordering by ID is ordering by creation
                   */
                  id: string
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC with milliseconds
                   */
                  created_at: string
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC with milliseconds
                   */
                  updated_at: string
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC with milliseconds
                   */
                  expires_at: string
                  /** @description True for the session making this request */
                  current: boolean
                  /** @description Gathered when the session was created */
                  metadata: {
                    user_agent: string | null
                    /** @description Client address (honours TRUST_PROXY) */
                    ip: string | null
                  }
                  /** @description Absolute path of the session itself */
                  links: {
                    /** Format: uri-reference */
                    self: string
                  }
                }[]
                /** @description First page; with include=posts */
                posts?: {
                  /**
                   * Format: uuid
                   * @description UUIDv7; ordering by ID is ordering by creation
                   */
                  id: string
                  /**
                   * Format: uuid
                   * @description UUIDv7; ordering by ID is ordering by creation
                   */
                  user_id: string
                  title: string
                  body: string
                  /**
                   * @description public: anyone can read it; private: only its author
                   * @enum {unknown}
                   */
                  visibility: 'public' | 'private'
                  /**
                   * Format: uuid
                   * @description Set by POST …/attachments/{aid}/select; null when none
                   */
                  cover_attachment_id: string | null
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC with milliseconds
                   */
                  created_at: string
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC with milliseconds
                   */
                  updated_at: string
                  /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                  links: {
                    /** Format: uri-reference */
                    self: string
                    /** Format: uri-reference */
                    attachments: string
                    /** Format: uri-reference */
                    comments: string
                    /** Format: uri-reference */
                    author_posts: string
                    /** Format: uri-reference */
                    cover?: string
                  }
                }[]
              }
            }
          }
        }
        /** @description Not modified: your copy (If-None-Match) is current */
        304: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  include?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    /**
     * Delete the caller’s account
     * @description Needs the password. Deletes the account with all its sessions, posts, attachments and comments. 204.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The account password, to confirm */
            password: string
          }
        }
      }
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Change the caller’s profile
     * @description Only `display_name` and `preferences` can change here (email and password cannot). `preferences` is merged key by key; a null value removes that key; the merged object is at most 16 KiB. Honours If-Match.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description null clears it */
            display_name?: string | null
            /** @description Merged key by key into the stored preferences; a null value removes that key; at most 32 levels deep */
            preferences?: {
              [key: string]: unknown
            }
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: email
                 * @description Lower-cased at registration
                 */
                email: string
                display_name: string | null
                /** @description Free-form JSON object of the user’s own settings (at most 16 KiB) */
                preferences: {
                  [key: string]: unknown
                }
                /** @description True once the owner confirmed the address from a mail (POST /v1/email-verifications) */
                email_verified: boolean
                /** @description True while two-factor sign-in (TOTP) is on */
                totp_enabled: boolean
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, the caller’s sessions and posts; follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  sessions: string
                  /** Format: uri-reference */
                  posts: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  display_name?: string
                  preferences?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    trace?: never
  }
  '/v1/me/password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Change the caller’s password
     * @description Needs the current password (failures count toward the per-account login limit). The new password follows the registration rules. Every other session of the caller is signed out, and every emailed link of the account still open (password resets, verifications, pending email changes) stops working.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            current_password: string
            /** @description Same rules as at registration */
            new_password: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: email
                 * @description Lower-cased at registration
                 */
                email: string
                display_name: string | null
                /** @description Free-form JSON object of the user’s own settings (at most 16 KiB) */
                preferences: {
                  [key: string]: unknown
                }
                /** @description True once the owner confirmed the address from a mail (POST /v1/email-verifications) */
                email_verified: boolean
                /** @description True while two-factor sign-in (TOTP) is on */
                totp_enabled: boolean
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, the caller’s sessions and posts; follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  sessions: string
                  /** Format: uri-reference */
                  posts: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  current_password?: string
                  new_password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/sessions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The caller’s sessions
     * @description Newest first, with metadata; `current` marks the session making the request. Never a token.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                expires_at: string
                /** @description True for the session making this request */
                current: boolean
                /** @description Gathered when the session was created */
                metadata: {
                  user_agent: string | null
                  /** @description Client address (honours TRUST_PROXY) */
                  ip: string | null
                }
                /** @description Absolute path of the session itself */
                links: {
                  /** Format: uri-reference */
                  self: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Log in
     * @description Creates a session and returns its token in clear, this once; only its SHA-256 is stored. A wrong email and a wrong password give the same 401. Password attempts are counted per email and client address (LOGIN_FAILURE_LIMIT) and per email (LOGIN_FAILURE_EMAIL_LIMIT), a success resets both, and all attempts per client address (AUTH_IP_LIMIT): 429 with Retry-After. A login that races a password change or the account’s deletion answers 401. With two-factor sign-in on, a correct password without `totp_code` or `recovery_code` gives 401 TOTP_REQUIRED, and a wrong or reused code 401 UNAUTHENTICATED (counted as a failed login). With REQUIRE_VERIFIED_EMAIL=true, an account whose address is not verified gets 403 EMAIL_NOT_VERIFIED after a correct password, and a new verification mail. Others’ guesses never refuse the correct password outright: over LOGIN_FAILURE_EMAIL_LIMIT the password is still checked (a wrong one answers 429 as before), and a correct one answers 401 LOGIN_CONFIRMATION_REQUIRED and mails a sign-in confirmation link (APP_URL/confirm-login#token=…, single use, 15 minutes, at most one mail per account per 5 minutes); the same email and password with `login_token` then log in (two-factor sign-in still applies, and only the successful login spends the token). A wrong, used or expired `login_token` with the correct password answers 401 LOGIN_CONFIRMATION_REQUIRED again. A password reset clears the account’s counts of failed attempts.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            email: string
            password: string
            /** @description With two-factor sign-in on: the current six-digit code from the authenticator app */
            totp_code?: string
            /** @description With two-factor sign-in on, instead of totp_code: one of the recovery codes (each works once) */
            recovery_code?: string
            /** @description After 401 LOGIN_CONFIRMATION_REQUIRED: the token from the sign-in confirmation mail’s link (the part after `#token=`); ignored while the account is under its ceiling of failed attempts */
            login_token?: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                expires_at: string
                /** @description True for the session making this request */
                current: boolean
                /** @description Gathered when the session was created */
                metadata: {
                  user_agent: string | null
                  /** @description Client address (honours TRUST_PROXY) */
                  ip: string | null
                }
                /** @description Absolute path of the session itself */
                links: {
                  /** Format: uri-reference */
                  self: string
                }
                /**
                 * Format: uuid
                 * @description Send as `Authorization: Bearer <token>`; never shown again
                 */
                token: string
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  email?: string
                  login_token?: string
                  password?: string
                  recovery_code?: string
                  totp_code?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/sessions/others': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /**
     * Sign out everywhere else
     * @description Deletes every session of the caller except the one making this request. 204.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/sessions/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /**
     * Log out a session
     * @description Deletes one of the caller’s sessions (the current one to log out); its token answers 401 afterwards. Another user’s session answers 404.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/password-resets': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Ask for a password-reset mail
     * @description Always 202 with an empty object, whether or not an account has this email, and in about the same time: the request is queued, and only when the account exists does that turn into a token and a mail, sent in the background. The link in it holds a single-use token valid for RESET_TOKEN_LIFE (default 1h); asking again voids the earlier link. Limited per email (PASSWORD_RESET_LIMIT, default 3 per hour) and per client address (AUTH_IP_LIMIT): 429. The mail counts toward its address’s MAIL_RECIPIENT_LIMIT (default 5 per hour, every kind together); past it the answer is the same 202 but no mail is sent.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The account’s email address */
            email: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /** @description Nothing to show */
              data: Record<string, never>
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  email?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/password-resets/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Set a new password with a reset token
     * @description The token comes from the reset mail’s link. The new password follows the registration rules (422 `fields.new_password`; the token stays usable). A wrong, used or expired token gives 422 `fields.token`. On success every session of the account is signed out, every other emailed link of the account still open (password resets, verifications, pending email changes, sign-in confirmations) stops working, the account’s failed-login counts are cleared (from every address), the address counts as verified (the mail reached it) and a notice is mailed. 204.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The token from the link in the mail (the part after `#token=`) */
            token: string
            /** @description Same rules as at registration */
            new_password: string
          }
        }
      }
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  new_password?: string
                  token?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me/email-verification': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Send a new verification mail
     * @description Mails a new verification link to the caller’s address (voiding earlier ones); valid for VERIFY_TOKEN_LIFE (default 48h). 409 CONFLICT when the address is already verified; limited per account (VERIFICATION_MAIL_LIMIT, default 3 per hour): 429. Mail to any one address, of every kind and whoever asks, is capped too (MAIL_RECIPIENT_LIMIT, default 5 per hour): past it the answer is the same 202 but no mail is sent, so the answer never tells whether the address got one.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /** @description Nothing to show */
              data: Record<string, never>
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/email-verifications': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Confirm an email address with the token from a mail
     * @description Takes the token of a verification mail (the address is then verified) or of an email-change mail (the account then moves to the new address, verified, links mailed to the old address stop working and a notice goes to the old address). No session needed. A wrong, used or expired token gives 422 `fields.token`; a new address that another account took meanwhile gives 409 EMAIL_ALREADY_EXISTS. 204.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The token from the link in the mail (the part after `#token=`) */
            token: string
          }
        }
      }
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  token?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me/email': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Change the caller’s email address
     * @description Needs the password (wrong → 403 FORBIDDEN; failures count toward the per-account login limit). Mails a confirmation link to the new address and to the current one a notice with a cancel link (POST /v1/email-changes/cancel); the change applies when the confirmation link’s token reaches POST /v1/email-verifications. Both links live VERIFY_TOKEN_LIFE; asking again voids the earlier pair, and a password change or reset voids them too. An address already registered gives 409 EMAIL_ALREADY_EXISTS (checked again when the change applies). Limited per account (VERIFICATION_MAIL_LIMIT): 429. 202. Each mail counts toward its address’s MAIL_RECIPIENT_LIMIT (default 5 per hour, all kinds together); past it the answer is the same 202 but that mail is not sent.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The address to move the account to */
            new_email: string
            /** @description The account password, to confirm */
            password: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              /** @description Nothing to show */
              data: Record<string, never>
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  new_email?: string
                  password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/email-changes/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Cancel a pending email change with the token from the notice
     * @description Takes the token of the cancel link mailed to the current address when an email change was asked for (PUT /v1/me/email): the pending change is void, and its confirmation link then answers 422. No session needed. A wrong, used or expired token, or one whose change was already applied, gives 422 `fields.token`. Shares the per-address limit of login (AUTH_IP_LIMIT): 429. 204.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The token from the link in the mail (the part after `#token=`) */
            token: string
          }
        }
      }
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  token?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me/totp': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Start turning on two-factor sign-in
     * @description Needs the password (wrong → 403 FORBIDDEN; failures count toward the per-account login limit). Returns a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) as base32, otpauth URL and SVG QR code. It is pending until POST /v1/me/totp/confirm receives a code from it; calling again replaces a pending secret. 409 CONFLICT when two-factor sign-in is already on (turn it off first). 201.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The account password, to confirm */
            password: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /** @description The TOTP secret in base32, for typing into an authenticator app */
                secret: string
                /** @description The `otpauth://totp/…` URL (what the QR code holds) */
                otpauth_url: string
                /** @description The otpauth URL as an SVG QR code, to show for scanning */
                qr_svg: string
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    /**
     * Turn off two-factor sign-in
     * @description Needs the password (wrong → 403 FORBIDDEN). Forgets the secret (active or pending) and the recovery codes; when it was on, a notice is mailed. 204, also when it was already off.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The account password, to confirm */
            password: string
          }
        }
      }
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  password?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me/totp/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Finish turning on two-factor sign-in
     * @description Takes the current code of the pending secret; a wrong code gives 422 `fields.code`, and no pending secret 409 CONFLICT. Turns two-factor sign-in on, signs out every other session of the account (the caller’s stays), mails a notice, and returns ten recovery codes — shown only this once (stored hashed), each usable once to sign in instead of a code. 200.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          'application/json': {
            /** @description The current six-digit code from the authenticator app */
            code: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /** @description Ten single-use codes for signing in without the app. Shown only now; stored hashed. */
                recovery_codes: string[]
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        409: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  code?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List posts
     * @description Every public post plus, with a token, the caller’s own private ones; newest first. `user` narrows the list to one author (a malformed ID is a 400, an unknown one an empty list). Paginated by `pagetoken` (follow `next_page_token`) or by `from`; `limit` 1–100, default 20. No token needed.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
          /** @description Only this author’s posts (a user ID; malformed → 400, unknown → empty list). Your own ID lists your private posts too. */
          user?: string
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                  user?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Create a post
     * @description The caller becomes its author. `title` is required (1–200 characters, one line, trimmed); `body` (at most 100,000 characters) defaults to "" and `visibility` to "public". Answers 201 with the post, its ETag and its Location. Each user may create USER_POST_LIMIT posts per window (default 30 a minute; every well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      /** @description `body` defaults to "" and `visibility` to "public" */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–200 characters, one line; surrounding spaces are trimmed */
            title: string
            /** @description At most 100,000 characters; may be empty */
            body?: string
            /**
             * @description public: anyone can read it; private: only its author
             * @enum {unknown}
             */
            visibility?: 'public' | 'private'
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                  title?: string
                  visibility?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/me/posts': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The caller’s posts
     * @description Every post the caller wrote, public and private, newest first. Paginated like every list (`limit`, `pagetoken`, `from`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Read a post
     * @description A public post, or the caller’s own private one; anything else (including another user’s private post) is a 404. Carries an ETag; `If-None-Match` with it answers 304.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }
            }
          }
        }
        /** @description Not modified: your copy (If-None-Match) is current */
        304: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    /**
     * Replace a post
     * @description Only the author; `title`, `body` and `visibility` are all required (a missing one is a 400). Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description Every writable field; a missing one is a 400 */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–200 characters, one line; surrounding spaces are trimmed */
            title: string
            /** @description At most 100,000 characters; may be empty */
            body: string
            /**
             * @description public: anyone can read it; private: only its author
             * @enum {unknown}
             */
            visibility: 'public' | 'private'
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                  title?: string
                  visibility?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    post?: never
    /**
     * Delete a post
     * @description Only the author. The post’s attachments and comments are deleted with it, in the same transaction, and the attachments’ sizes are given back to the author’s storage quota. 204. Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Change part of a post
     * @description Only the author; only the fields given change (`title`, `body`, `visibility`). Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes. Another user’s public post answers 403, their private one 404.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description Only the fields given change */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–200 characters, one line; surrounding spaces are trimmed */
            title?: string
            /** @description At most 100,000 characters; may be empty */
            body?: string
            /**
             * @description public: anyone can read it; private: only its author
             * @enum {unknown}
             */
            visibility?: 'public' | 'private'
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                  title?: string
                  visibility?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    trace?: never
  }
  '/v1/posts/{id}/attachments': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List a post’s attachments
     * @description Metadata only (follow `links.content` for the bytes), newest first, for anyone who can see the post. Paginated like every list (`limit`, `pagetoken`, `from`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
        }
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /** @description Its only writable field after upload */
                filename: string
                /** @description The media type the file was uploaded with; sent back on download */
                content_type: string
                /**
                 * Format: int64
                 * @description In bytes
                 */
                size: number
                /** @description SHA-256 of the content, lowercase hex */
                sha256: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  content: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  select: string
                  /** Format: uri-reference */
                  edit: string
                  /** Format: uri-reference */
                  post: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Upload an attachment
     * @description Only the post’s author. Either `multipart/form-data` with the file in a part named `file` (its filename and Content-Type are kept; other parts are ignored), or a raw body sent with the file’s own Content-Type and its name in `?filename=` (required: 400 without it). Any type is stored byte for byte, JSON and text included. At most ATTACHMENT_MAX_BYTES (default 10 MiB): 413 beyond, and nothing is stored. The attachments of all the author’s posts together may hold at most USER_STORAGE_MAX_BYTES (default 1 GiB): an upload that does not fit answers 413 PAYLOAD_TOO_LARGE naming the quota, what is in use and what is left, and stores nothing (deleting attachments or posts frees space at once; parallel uploads never overshoot the quota). The SHA-256 is computed while the bytes arrive. Filenames lose path components and control characters and are NFC-normalised; 1–255 characters must remain (422 otherwise). 201 with the attachment’s metadata.
     */
    post: {
      parameters: {
        query?: {
          /** @description The file’s name: required with a raw body, used with multipart only when the part has none. 1–255 characters once path components, control and bidirectional-override characters are removed and it is NFC-normalised. */
          filename?: string
        }
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody: {
        content: {
          'multipart/form-data': {
            /**
             * Format: binary
             * @description The file; its part’s filename and Content-Type are kept
             */
            file: string
          }
          '*/*': string
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /** @description Its only writable field after upload */
                filename: string
                /** @description The media type the file was uploaded with; sent back on download */
                content_type: string
                /**
                 * Format: int64
                 * @description In bytes
                 */
                size: number
                /** @description SHA-256 of the content, lowercase hex */
                sha256: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  content: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  select: string
                  /** Format: uri-reference */
                  edit: string
                  /** Format: uri-reference */
                  post: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  filename?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts/{id}/attachments/{aid}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Read an attachment’s metadata
     * @description For anyone who can see the post. Carries an ETag (If-None-Match → 304); the bytes are at `links.content`.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
          /** @description UUIDv7; ordering by ID is ordering by creation */
          aid: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /** @description Its only writable field after upload */
                filename: string
                /** @description The media type the file was uploaded with; sent back on download */
                content_type: string
                /**
                 * Format: int64
                 * @description In bytes
                 */
                size: number
                /** @description SHA-256 of the content, lowercase hex */
                sha256: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  content: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  select: string
                  /** Format: uri-reference */
                  edit: string
                  /** Format: uri-reference */
                  post: string
                }
              }
            }
          }
        }
        /** @description Not modified: your copy (If-None-Match) is current */
        304: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts/{id}/attachments/{aid}/content': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Download an attachment
     * @description The stored bytes with their own Content-Type and Content-Length, for anyone who can see the post. The ETag is the quoted SHA-256 (If-None-Match → 304). Content-Disposition carries the filename (RFC 6266, with `filename*` for any character); it is `inline` only for images, plain text, audio and video, and `attachment` for everything else (HTML, SVG, XML, JavaScript…). Every download is sent with `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`, so an upload can never run script in the API’s origin. A single `Range: bytes=…` answers 206 with Content-Range (If-Range honoured); a range beyond the end answers 416.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
          /** @description UUIDv7; ordering by ID is ordering by creation */
          aid: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The whole file */
        200: {
          headers: {
            /** @description The quoted SHA-256 of the content (strong) */
            ETag?: string
            /** @description `inline` only for images, plain text, audio and video; anything else is `attachment` */
            'Content-Disposition'?: string
            /** @description `sandbox`: the file can never run script */
            'Content-Security-Policy'?: string
            /** @description `bytes` */
            'Accept-Ranges'?: string
            /** @description On 206: `bytes start-end/size` */
            'Content-Range'?: string
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            [name: string]: unknown
          }
          content: {
            '*/*': string
          }
        }
        /** @description The requested byte range */
        206: {
          headers: {
            /** @description The quoted SHA-256 of the content (strong) */
            ETag?: string
            /** @description `inline` only for images, plain text, audio and video; anything else is `attachment` */
            'Content-Disposition'?: string
            /** @description `sandbox`: the file can never run script */
            'Content-Security-Policy'?: string
            /** @description `bytes` */
            'Accept-Ranges'?: string
            /** @description On 206: `bytes start-end/size` */
            'Content-Range'?: string
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            [name: string]: unknown
          }
          content: {
            '*/*': string
          }
        }
        /** @description Not modified: your copy (If-None-Match) is current */
        304: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        416: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts/{id}/attachments/{aid}/select': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Make an attachment the post’s cover
     * @description An action: only the post’s author. Sets the post’s `cover_attachment_id` to this attachment (bumping the post’s version) and answers 200 with the post. Send `If-Match` with the post’s ETag to apply it only if the post is unchanged (412 otherwise). No request body.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
          /** @description UUIDv7; ordering by ID is ordering by creation */
          aid: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                title: string
                body: string
                /**
                 * @description public: anyone can read it; private: only its author
                 * @enum {unknown}
                 */
                visibility: 'public' | 'private'
                /**
                 * Format: uuid
                 * @description Set by POST …/attachments/{aid}/select; null when none
                 */
                cover_attachment_id: string | null
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  attachments: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  author_posts: string
                  /** Format: uri-reference */
                  cover?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/attachments/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /**
     * Delete an attachment
     * @description Only the post’s author. Its comments go with it, its size is given back to the author’s storage quota, and if it was the post’s cover the cover is cleared (bumping the post’s version), all in one transaction. 204. Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Rename an attachment
     * @description Only the post’s author; `filename` is the only field that can change (same rules as at upload: 422 when nothing usable remains). Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description Only `filename` can change; the bytes never do */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–255 characters once path components, control and bidirectional-override characters are removed and it is NFC-normalised */
            filename?: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /** @description Its only writable field after upload */
                filename: string
                /** @description The media type the file was uploaded with; sent back on download */
                content_type: string
                /**
                 * Format: int64
                 * @description In bytes
                 */
                size: number
                /** @description SHA-256 of the content, lowercase hex */
                sha256: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  content: string
                  /** Format: uri-reference */
                  comments: string
                  /** Format: uri-reference */
                  select: string
                  /** Format: uri-reference */
                  edit: string
                  /** Format: uri-reference */
                  post: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  filename?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    trace?: never
  }
  '/v1/posts/{id}/comments': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List a post’s comments
     * @description The comments made directly on the post (those on its attachments are listed under each attachment), newest first, for anyone who can see the post. Paginated like every list (`limit`, `pagetoken`, `from`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
        }
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Comment on a post
     * @description Any signed-in user who can see the post. `body`: 1–10,000 characters, not only spaces. 201 with the comment, its ETag and Location. Each user may write USER_COMMENT_LIMIT comments per window, on posts and attachments together (default 60 a minute; every well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description The comment; `body` is required */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–10,000 characters, not only spaces */
            body: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/posts/{id}/attachments/{aid}/comments': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List an attachment’s comments
     * @description Newest first, for anyone who can see the post. Paginated like every list (`limit`, `pagetoken`, `from`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, default 20 */
          limit?: number
          /** @description The `next_page_token` of the previous page (opaque) */
          pagetoken?: string
          /** @description Offset into the results (0-based), at most 20,000; to go deeper, follow `next_page_token`. Cannot be combined with `pagetoken` */
          from?: number
        }
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
          /** @description UUIDv7; ordering by ID is ordering by creation */
          aid: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }[]
              /** @description Pass as `pagetoken` to fetch the next page; absent on the last page */
              next_page_token?: string
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  from?: string
                  limit?: string
                  pagetoken?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Comment on an attachment
     * @description Any signed-in user who can see the post. `body`: 1–10,000 characters, not only spaces. 201 with the comment (its `attachment_id` set), its ETag and Location. Each user may write USER_COMMENT_LIMIT comments per window, on posts and attachments together (default 60 a minute; every well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
          /** @description UUIDv7; ordering by ID is ordering by creation */
          aid: string
        }
        cookie?: never
      }
      /** @description The comment; `body` is required */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–10,000 characters, not only spaces */
            body: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Requests allowed per window by this route’s quota (per client address, or per account where the route says so); when REQUEST_LIMIT is on and its budget has fewer requests left, that budget’s size instead */
            'RateLimit-Limit'?: number
            /** @description Requests left in the quota reported (the one with fewer left) */
            'RateLimit-Remaining'?: number
            /** @description Seconds until the quota reported is whole again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/v1/comments/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Read a comment
     * @description For anyone who can see its post. Not in the original route table: it lets a client fetch the comment’s ETag before a conditional PATCH, PUT or DELETE. If-None-Match → 304.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }
            }
          }
        }
        /** @description Not modified: your copy (If-None-Match) is current */
        304: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    /**
     * Replace a comment
     * @description Only the comment’s author; `body` is required (400 without it). Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description The comment; `body` is required */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–10,000 characters, not only spaces */
            body: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    post?: never
    /**
     * Delete a comment
     * @description The comment’s author or the post’s author. 204. Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description No content */
        204: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Change part of a comment
     * @description Only the comment’s author; only the fields given change (`body`). Send `If-Match` with the ETag you read to apply the change only if nobody changed it since; otherwise 412 PRECONDITION_FAILED and nothing changes.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description UUIDv7; ordering by ID is ordering by creation */
          id: string
        }
        cookie?: never
      }
      /** @description Only the fields given change */
      requestBody: {
        content: {
          'application/json': {
            /** @description 1–10,000 characters, not only spaces */
            body?: string
          }
        }
      }
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              data: {
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                id: string
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                post_id: string
                /**
                 * Format: uuid
                 * @description The attachment commented on; null on a post comment
                 */
                attachment_id: string | null
                /**
                 * Format: uuid
                 * @description UUIDv7; ordering by ID is ordering by creation
                 */
                user_id: string
                body: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                created_at: string
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                updated_at: string
                /** @description Absolute paths to the comment, its post and (if any) its attachment */
                links: {
                  /** Format: uri-reference */
                  self: string
                  /** Format: uri-reference */
                  post: string
                  /** Format: uri-reference */
                  attachment?: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        403: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        412: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  body?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    trace?: never
  }
  '/v1/events': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Live events (Server-Sent Events)
     * @description A `text/event-stream` of the changes you may see, as they commit, on every instance. Each message has `id:` (the cursor), `event:` (its type) and `data:` (`{"data": …}`: the resource exactly as its GET answers you, or `{id, post_id?}` for a deletion). Types: `post.created`, `post.updated`, `post.deleted`, `attachment.created`, `attachment.updated`, `attachment.deleted`, `comment.created`, `comment.updated`, `comment.deleted`, `user.updated`, `session.created`, `session.deleted`. Visibility is checked for you at the time of each event: a post you lose sight of arrives as `post.deleted`, one you gain as `post.created`; on `posts/{id}` a `post.deleted` is the last event of that topic. Resume with `Last-Event-ID` (EventSource sends it on reconnect) or `last_event_id`: the missed events, in order, then live; a cursor unknown or older than EVENTS_RETENTION starts with `event: reset`. A comment line every EVENTS_HEARTBEAT. The stream ends within 5 s of its session being revoked or expiring, when the instance drains, or when 1 MiB waits for a client that does not read. Token by header or `access_token`; anonymous callers may follow public topics. Errors come before the stream opens: a malformed or unknown topic 400, a post you cannot see 404, `me` without a token 401, a `topics` over 2,000 characters 422, more than EVENTS_STREAMS_PER_USER open streams (per client address when anonymous) 429.
     */
    get: {
      parameters: {
        query: {
          /** @description Comma-separated, 1–20 distinct: `posts` (every post you can see: created, updated, deleted), `posts/{id}` (that post, its attachments and every comment on it or its attachments), `me` (your account and sessions; needs a token) */
          topics: string
          /** @description Resume after this event (what `Last-Event-ID` carries; the header wins). Unknown, malformed or older than EVENTS_RETENTION: the stream starts with `event: reset` */
          last_event_id?: string
        }
        header?: {
          /** @description Resume after this event: sent by EventSource when it reconnects (wins over `last_event_id`) */
          'last-event-id'?: string
        }
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The stream */
        200: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'text/event-stream':
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'post.created'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      user_id: string
                      title: string
                      body: string
                      /**
                       * @description public: anyone can read it; private: only its author
                       * @enum {unknown}
                       */
                      visibility: 'public' | 'private'
                      /**
                       * Format: uuid
                       * @description Set by POST …/attachments/{aid}/select; null when none
                       */
                      cover_attachment_id: string | null
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        attachments: string
                        /** Format: uri-reference */
                        comments: string
                        /** Format: uri-reference */
                        author_posts: string
                        /** Format: uri-reference */
                        cover?: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'post.updated'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      user_id: string
                      title: string
                      body: string
                      /**
                       * @description public: anyone can read it; private: only its author
                       * @enum {unknown}
                       */
                      visibility: 'public' | 'private'
                      /**
                       * Format: uuid
                       * @description Set by POST …/attachments/{aid}/select; null when none
                       */
                      cover_attachment_id: string | null
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); follow, never build */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        attachments: string
                        /** Format: uri-reference */
                        comments: string
                        /** Format: uri-reference */
                        author_posts: string
                        /** Format: uri-reference */
                        cover?: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'post.deleted'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id?: string
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'attachment.created'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id: string
                      /** @description Its only writable field after upload */
                      filename: string
                      /** @description The media type the file was uploaded with; sent back on download */
                      content_type: string
                      /**
                       * Format: int64
                       * @description In bytes
                       */
                      size: number
                      /** @description SHA-256 of the content, lowercase hex */
                      sha256: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        content: string
                        /** Format: uri-reference */
                        comments: string
                        /** Format: uri-reference */
                        select: string
                        /** Format: uri-reference */
                        edit: string
                        /** Format: uri-reference */
                        post: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'attachment.updated'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id: string
                      /** @description Its only writable field after upload */
                      filename: string
                      /** @description The media type the file was uploaded with; sent back on download */
                      content_type: string
                      /**
                       * Format: int64
                       * @description In bytes
                       */
                      size: number
                      /** @description SHA-256 of the content, lowercase hex */
                      sha256: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths: self, content (the bytes), comments, select (make it the cover), edit, post */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        content: string
                        /** Format: uri-reference */
                        comments: string
                        /** Format: uri-reference */
                        select: string
                        /** Format: uri-reference */
                        edit: string
                        /** Format: uri-reference */
                        post: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'attachment.deleted'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id?: string
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'comment.created'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id: string
                      /**
                       * Format: uuid
                       * @description The attachment commented on; null on a post comment
                       */
                      attachment_id: string | null
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      user_id: string
                      body: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths to the comment, its post and (if any) its attachment */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        post: string
                        /** Format: uri-reference */
                        attachment?: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'comment.updated'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id: string
                      /**
                       * Format: uuid
                       * @description The attachment commented on; null on a post comment
                       */
                      attachment_id: string | null
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      user_id: string
                      body: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths to the comment, its post and (if any) its attachment */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        post: string
                        /** Format: uri-reference */
                        attachment?: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'comment.deleted'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id?: string
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'user.updated'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: email
                       * @description Lower-cased at registration
                       */
                      email: string
                      display_name: string | null
                      /** @description Free-form JSON object of the user’s own settings (at most 16 KiB) */
                      preferences: {
                        [key: string]: unknown
                      }
                      /** @description True once the owner confirmed the address from a mail (POST /v1/email-verifications) */
                      email_verified: boolean
                      /** @description True while two-factor sign-in (TOTP) is on */
                      totp_enabled: boolean
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /** @description Absolute paths: self, the caller’s sessions and posts; follow, never build */
                      links: {
                        /** Format: uri-reference */
                        self: string
                        /** Format: uri-reference */
                        sessions: string
                        /** Format: uri-reference */
                        posts: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'session.created'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      created_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      updated_at: string
                      /**
                       * Format: date-time
                       * @description ISO 8601 UTC with milliseconds
                       */
                      expires_at: string
                      /** @description True for the session making this request */
                      current: boolean
                      /** @description Gathered when the session was created */
                      metadata: {
                        user_agent: string | null
                        /** @description Client address (honours TRUST_PROXY) */
                        ip: string | null
                      }
                      /** @description Absolute path of the session itself */
                      links: {
                        /** Format: uri-reference */
                        self: string
                      }
                    }
                  }
                }
              | {
                  /** @description The cursor (`id:` line): opaque, increasing */
                  id: string
                  /** @enum {string} */
                  event: 'session.deleted'
                  data: {
                    data: {
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      id: string
                      /**
                       * Format: uuid
                       * @description UUIDv7; ordering by ID is ordering by creation
                       */
                      post_id?: string
                    }
                  }
                }
              | {
                  /** @enum {string} */
                  event: 'reset'
                  data: Record<string, never>
                }
          }
        }
        /** @description Error envelope: never carries `data` */
        400: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        401: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        404: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        413: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        414: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        415: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope of a field validation failure: never carries `data` */
        422: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed, for each failing field: one of those listed, or a field the operation does not take, under its own name */
                fields?: {
                  last_event_id?: string
                  topics?: string
                } & {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        429: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            /** @description Seconds to wait before trying again */
            'Retry-After'?: number
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        431: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        500: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
        /** @description Error envelope: never carries `data` */
        503: {
          headers: {
            /** @description Present when REQUEST_LIMIT is on: requests this client address may make per window (IPv6 addresses counted per /64), refilled continuously */
            'RateLimit-Limit'?: number
            /** @description Present when REQUEST_LIMIT is on: requests this client address has left now */
            'RateLimit-Remaining'?: number
            /** @description Present when REQUEST_LIMIT is on: seconds until its budget is full again */
            'RateLimit-Reset'?: number
            /** @description CORS: `*` or the allowed origin (CORS_ORIGINS) */
            'Access-Control-Allow-Origin'?: string
            [name: string]: unknown
          }
          content: {
            'application/json': {
              error: {
                /** @description Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR */
                code: string
                /** @description Human-readable explanation; may change, suitable as fallback text */
                message: string
                /** @description Field name → why it failed; present only for field validation failures */
                fields?: {
                  [key: string]: string
                }
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: never
  responses: never
  parameters: never
  requestBodies: never
  headers: never
  pathItems: never
}
export type $defs = Record<string, never>
export type operations = Record<string, never>

/** Every `code` a Quire error envelope can carry. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'CONFLICT'
  | 'EMAIL_ALREADY_EXISTS'
  | 'EMAIL_NOT_VERIFIED'
  | 'FIELDS_VALIDATION_ERROR'
  | 'FORBIDDEN'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL_ERROR'
  | 'LOGIN_CONFIRMATION_REQUIRED'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_ACCEPTABLE'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'PRECONDITION_FAILED'
  | 'RANGE_NOT_SATISFIABLE'
  | 'RATE_LIMITED'
  | 'REQUEST_TIMEOUT'
  | 'SERVICE_UNAVAILABLE'
  | 'TOTP_REQUIRED'
  | 'UNAUTHENTICATED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'URI_TOO_LONG'
