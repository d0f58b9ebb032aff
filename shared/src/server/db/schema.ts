// The database schema, one file per part (drizzle-kit reads the tables exported here).
export * from './schema/catalogue';
export * from './schema/delivery';
export * from './schema/imports';
export * from './schema/operations';
export * from './schema/orders';
export * from './schema/people';
export * from './schema/statements';
