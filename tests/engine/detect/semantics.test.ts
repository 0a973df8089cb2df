import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  headerTokens,
  isCardDigits,
  isCardNumber,
  isFlagHeader,
  isIban,
  isIpv4,
  isIpv6,
  isUuid,
  SEMANTIC_METHODS,
  semanticFromHeader,
  semanticFromValues,
} from '../../../src/engine/detect/semantics';
import { SEMANTICS, type Semantic } from '../../../src/engine/types';

describe('semanticFromHeader', () => {
  it.each<[string, Semantic | null]>([
    ['first_name', 'firstName'],
    ['First Name', 'firstName'],
    // Exports in other languages, accents as written or not.
    ['Vorname', 'firstName'],
    ['Nachname', 'lastName'],
    ['Straße', 'street'],
    ['Geburtsdatum', 'birthDate'],
    ['Kunde Ort', 'city'],
    ['Prénom', 'firstName'],
    ['Nom', 'lastName'],
    ['Date de naissance', 'birthDate'],
    ['Téléphone', 'phone'],
    ['Adresse e-mail', 'email'],
    ['Código Postal', 'zipCode'],
    ['Fecha de nacimiento', 'birthDate'],
    ['Apellidos', 'lastName'],
    ['Cognome', 'lastName'],
    ['Città', 'city'],
    ['Voornaam', 'firstName'],
    ['Woonplaats', 'city'],
    ['Business Country/Region', 'country'],
    ['Sort', null],
    ['true', null],
    ['firstName', 'firstName'],
    ['FIRST_NAME', 'firstName'],
    ['fname', 'firstName'],
    ['given name', 'firstName'],
    ['middle_name', 'middleName'],
    ['surname', 'lastName'],
    ['last-name', 'lastName'],
    ['LastName', 'lastName'],
    ['lname', 'lastName'],
    ['family name', 'lastName'],
    ['full name', 'fullName'],
    ['name', 'fullName'],
    ['Name', 'fullName'],
    ['customer_name', 'fullName'],
    ['Patient Name', 'fullName'],
    ['username', 'username'],
    ['line1', 'streetAddress'],
    ['street1', 'streetAddress'],
    ['user_name', 'username'],
    ['userName', 'username'],
    ['login', 'username'],
    ['company_name', 'company'],
    ['Company', 'company'],
    ['employer', 'company'],
    ['file_name', null],
    ['product_name', null],
    ['filename', null],
    ['sheet name', null],
    ['city', 'city'],
    ['billing_city', 'city'],
    ['Town', 'city'],
    ['country', 'country'],
    ['country_code', 'countryCode'],
    ['state', 'state'],
    ['shipping_state', 'state'],
    ['order_state', null],
    ['street', 'street'],
    ['address', 'streetAddress'],
    ['home_address', 'streetAddress'],
    ['address_line_1', 'streetAddress'],
    ['email_address', 'email'],
    ['zip', 'zipCode'],
    ['zip_code', 'zipCode'],
    ['Postal Code', 'zipCode'],
    ['postcode', 'zipCode'],
    ['job_title', 'jobTitle'],
    ['Job Title', 'jobTitle'],
    ['occupation', 'jobTitle'],
    ['password', 'password'],
    ['url', 'url'],
    ['website', 'url'],
    ['ip', 'ipv4'],
    ['ip_address', 'ipv4'],
    ['client_ip', 'ipv4'],
    ['ipv6', 'ipv6'],
    ['iban', 'iban'],
    ['IBAN', 'iban'],
    ['bic', 'bic'],
    ['swift_code', 'bic'],
    ['credit_card', 'creditCard'],
    ['Credit Card Number', 'creditCard'],
    ['card_number', 'creditCard'],
    ['ssn', 'ssn'],
    ['social_security_number', 'ssn'],
    ['uuid', 'uuid'],
    ['guid', 'uuid'],
    ['email', 'email'],
    ['E-mail', 'email'],
    ['customerEmail', 'email'],
    ['email2', 'email'],
    ['Email 2', 'email'],
    ['phone', 'phone'],
    ['phone_number', 'phone'],
    ['mobile', 'phone'],
    ['dob', 'birthDate'],
    ['date_of_birth', 'birthDate'],
    ['gender', 'gender'],
    ['latitude', 'latitude'],
    ['lng', 'longitude'],
    ['department', 'department'],
    ['id', null],
    ['amount', null],
    ['created_at', null],
    ['', null],
    ['constructor', null],
    ['__proto__', null],
    ['toString', null],
    ['hasOwnProperty', null],
  ])('%s → %s', (header, semantic) => {
    expect(semanticFromHeader(header)).toBe(semantic);
  });

  it('splits headers into tokens', () => {
    expect(headerTokens('customerEmailAddress')).toEqual(['customer', 'email', 'address']);
    expect(headerTokens('HTTPStatus')).toEqual(['http', 'status']);
    expect(headerTokens('first-name (legal)')).toEqual(['first', 'name', 'legal']);
  });
});

describe('isFlagHeader', () => {
  it.each([
    ['is_active', true],
    ['isActive', true],
    ['has_children', true],
    ['enabled', true],
    ['email_verified', true],
    ['deleted', true],
    ['activebool', true],
    ['isactive', true],
    ['delflag', true],
    ['active_yn', true],
    ['count', false],
    ['bool', true],
    ['island', false],
    ['display', false],
    ['symbol', false],
    ['playlist', false],
    ['is', false],
    ['island', false],
    ['score', false],
  ])('%s → %s', (header, flag) => {
    expect(isFlagHeader(header)).toBe(flag);
  });
});

describe('value checks', () => {
  it.each([
    ['GB82 WEST 1234 5698 7654 32', true],
    ['GB82WEST12345698765432', true],
    ['DE89370400440532013000', true],
    ['FR1420041010050500013M02606', true],
    ['gb82 west 1234 5698 7654 32', true],
    ['de89370400440532013000', true],
    ['GB83 WEST 1234 5698 7654 32', false],
    ['DE89 3704', false],
  ])('isIban(%s) is %s', (text, valid) => {
    expect(isIban(text)).toBe(valid);
  });

  it.each([
    ['4111 1111 1111 1111', true],
    ['4111-1111-1111-1111', true],
    ['378282246310005', true],
    ['4111 1111 1111 1112', false],
    ['1234', false],
    [' 4111111111111111', false],
  ])('isCardNumber(%s) is %s', (text, valid) => {
    expect(isCardNumber(text)).toBe(valid);
  });

  it.each([
    ['378282246310005', true],
    ['371449635398431', true],
    ['36148900647913', true],
    ['4222222222222', true],
    ['4111111111111111', true],
    ['500000000000005', false],
    ['378282246310006', false],
    ['4111 1111 1111 1111', false],
  ])('isCardDigits(%s) is %s', (text, valid) => {
    expect(isCardDigits(text)).toBe(valid);
  });

  it.each([
    ['123e4567-e89b-12d3-a456-426614174000', true],
    ['{123E4567-E89B-12D3-A456-426614174000}', true],
    ['{123e4567-e89b-12d3-a456-426614174000', false],
    ['123e4567e89b12d3a456426614174000', false],
  ])('isUuid(%s) is %s', (text, valid) => {
    expect(isUuid(text)).toBe(valid);
  });

  it.each([
    ['192.168.0.1', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['01.2.3.4', false],
    ['1.2.3', false],
  ])('isIpv4(%s) is %s', (text, valid) => {
    expect(isIpv4(text)).toBe(valid);
  });

  it.each([
    ['::1', true],
    ['2001:db8::8a2e:370:7334', true],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', true],
    ['::ffff:192.168.0.1', true],
    ['2001:db8::1::2', false],
    ['12:30', false],
    ['gggg::1', false],
  ])('isIpv6(%s) is %s', (text, valid) => {
    expect(isIpv6(text)).toBe(valid);
  });

  it('needs 98% of values to show a meaning', () => {
    const ips = Array.from({ length: 98 }, (_, i) => `10.0.0.${i}`);
    expect(semanticFromValues([...ips, 'x', 'y'])).toBe('ipv4');
    expect(semanticFromValues([...ips, 'x', 'y', 'z'])).toBeNull();
  });
});

describe('SEMANTIC_METHODS', () => {
  it('covers every semantic', () => {
    expect(Object.keys(SEMANTIC_METHODS).sort()).toEqual([...SEMANTICS].sort());
  });

  it.each(Object.entries(SEMANTIC_METHODS).filter(([, method]) => method !== null))(
    '%s uses %s, a Faker method that exists and returns text',
    (_semantic, method) => {
      const [module, name] = (method as string).split('.') as [string, string];
      const fakerModule = (faker as unknown as Record<string, Record<string, unknown>>)[module];
      const generate = fakerModule?.[name];
      expect(typeof generate).toBe('function');
      const value: unknown = (generate as () => unknown).call(fakerModule);
      expect(value).toBeDefined();
    },
  );
});
