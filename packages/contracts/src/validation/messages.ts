// Validation message keys and their English text. Schemas put the key in each issue's message;
// the web translates by key and the server answers with the English text.

export const validationMessages = {
  'validation.required': 'This field is required.',
  'validation.nameTooLong': 'Name must be under 200 characters.',
  'validation.keywordTooLong': 'Keyword must be at most 80 characters.',
  'validation.personNameTooLong': 'Name must be at most 12 characters.',
  'validation.textLength': 'Must be between 2 and 50 characters.',
  'validation.specialCharacters': 'Special characters are not allowed.',
  'validation.singleWhitespace': 'Only single spaces are allowed between words.',
  'validation.edgeWhitespace': 'Remove the spaces at the start or end.',
  'validation.alphanumericOnly': 'Only letters, numbers and spaces are allowed.',
  'validation.strategyDescriptionTooLong': 'Description must be at most 250 characters.',
  'validation.strategyGoalRepeated': 'Each goal can be chosen once.',
  'validation.strategySecondaryGoalRepeated': 'The secondary goal must not be one of the goals.',
  'validation.strategyTargetRequired': 'Choose at least one campaign, ad group or keyword.',
  'validation.strategyTargetsOneAccount': 'Choose entities of one ad account.',
  'validation.moneyInvalid': 'Enter an amount such as 12.50, with at most 2 decimals.',
  'validation.moneyNotPositive': 'Amount must be greater than 0.',
  'validation.moneyTooLarge': 'Amount is too large.',
  'validation.phoneInvalid': 'Enter a valid phone number.',
  'validation.emailInvalid': 'Enter a valid email address.',
  'validation.emailHasSpaces': 'Email addresses cannot contain spaces.',
  'validation.emailDuplicate': 'This email address is listed more than once.',
  'validation.emailRecipientRequired': 'Add at least one email or external email.',
  'validation.cardNumberInvalid': 'Card number must be 16 digits.',
  'validation.cardExpiryFormat': 'Enter the expiry date as MM/YYYY.',
  'validation.cardExpiryMonth': 'Enter a month from 01 to 12.',
  'validation.cardExpiryPast': 'This card has expired.',
  'validation.cardExpiryYear': 'Enter a valid expiry year.',
  'validation.cvvInvalid': 'CVV must be 3 digits.',
  'validation.rangeBoundInvalid': 'Enter a whole number of 0 or more.',
  'validation.goalDaysInvalid': 'Enter a whole number of days from 0 to 365.',
  'validation.goalEventNotOfType': 'This event does not belong to the goal type.',
  'validation.rangeGapTooSmall': 'The end of the range must exceed the start by more than 10.',
  'validation.ruleValueZero': 'Enter a value other than 0.',
  'validation.rangeFromNotLower': 'From must be lower than to.',
  'validation.ruleValuePositive': 'Enter a value greater than 0.',
  'validation.ruleKeywordsNeedOneAdGroup': 'Keep exactly one ad group selected to pick keywords.',
  'validation.ruleHoursInvalid': 'Enter a whole number of hours from 1 to 2160.',
  'validation.ruleMetricKindsDiffer': 'Compare with a metric of the same kind.',
  'validation.ruleActionInvalid': 'This action is not available for this rule.',
  'validation.ruleConditionRequired': 'Add at least one condition.',
  'validation.ruleActionRequired': 'Add at least one action.',
  'validation.ruleHourlyLevel':
    'Hourly data is reported for campaigns and ad groups only. Choose a longer lookback.',
  'validation.creativeSetEmpty': 'Add assets for at least one device size.',
  'validation.creativeSetIphoneAssets':
    'Each iPhone size needs at least one landscape or three portrait assets.',
  'validation.creativeSetIpadAssets':
    'Each iPad size needs at least one landscape or two portrait assets.',
  'validation.passwordTooShort': 'Password must be at least 8 characters.',
  'validation.passwordTooLong': 'Password must be at most 128 characters.',
  'validation.passwordWeak': 'Password must contain at least one letter and one number.',
  'validation.passwordsDiffer': 'The passwords do not match.',
  'validation.emailExists': 'Email already exists',
  'validation.emailDomainBlocked': 'Please use your work email address.',
  'validation.emailDomainNotInvited': 'Sign-up is limited to invited email domains.',
  'validation.dateInvalid': 'Enter a date as YYYY-MM-DD.',
  'validation.instantInvalid': 'Enter a UTC time as YYYY-MM-DDTHH:MM:SSZ.',
  'validation.dateRangeOrder': 'The end date must not be before the start date.',
  'validation.dateRangeTooLong': 'A period can span at most 24 months.',
  'validation.presetNameTooLong': 'Name must be at most 60 characters.',
  'validation.countryInvalid': 'Choose a country or region from the list.',
  'validation.storefrontUnsupported': 'Choose a storefront where Apple Ads runs.',
  'validation.languageInvalid': 'Enter a two-letter language code such as en.',
  'validation.deviceInvalid': 'Choose iPhone or iPad.',
  'validation.appIdInvalid': 'Enter an App Store app id (digits only).',
  'validation.pageInvalid': 'Ask for a page of 1 or more, with a page size the list allows.',
  'validation.countInvalid': 'Ask for between 1 and 200 keywords.',
  'validation.categoryInvalid': 'Choose a category or game genre from the list.',
  'validation.categoryTypeInvalid': 'Choose free or paid.',
  'validation.opIdInvalid': 'This search only finds keywords for an app.',
  'validation.currencyInvalid': 'Choose a currency from the list.',
  'validation.ageRangeOrder': 'The maximum age must not be below the minimum age.',
  'validation.deviceRequired': 'Select at least one device.',
  'validation.countryRequired': 'Select at least one country or region.',
  'validation.reportOneWeekday': 'Choose one day of the week.',
  'validation.reportOneHour': 'Choose one time.',
  'validation.scriptTooLong': 'Keep the code under 100,000 characters.',
  'validation.customFunctionPath':
    'Use letters, digits, - and _, starting with a letter, with / between at most five folders.',
  'validation.adGroupRequired': 'Add at least one ad group.',
  'validation.adRequired': 'Add at least one ad.',
  'validation.productPageUnknown': "This product page is not one of the app's pages in Apple Ads.",
  'validation.productPageNoAssets':
    'This product page cannot be shown on every device the ad group targets.',
  'validation.keywordBidRequired':
    'Enter a bid for each keyword, or bid with the ad group default.',
  'validation.keywordRepeated': 'This keyword is listed more than once with the same match type.',
  'validation.adGroupNameRepeated': 'Each ad group of the campaign needs its own name.',
  'validation.geoNeedsOneCountry':
    'Regions and cities can be chosen when exactly one country is selected.',
  'validation.placementNoKeywords': 'Keywords are available for search results campaigns only.',
  'validation.placementNoSearchMatch':
    'Search Match is available for search results campaigns only.',
  'validation.slugInvalid':
    'Use lower-case letters, digits and single hyphens, at most 30 characters.',
  'validation.slugRepeated': 'Custom slug must be unique',
  'validation.segmentRepeated': 'Each segment can be added once; add custom segments for more.',
  'validation.templateNameTooLong': 'Name must be at most 50 characters.',
  'validation.idInvalid': 'This id is not valid.',
  'validation.nulCharacter': 'Text cannot contain the NUL character (\\0).',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(validationMessages, value);
}

/**
 * English text of an issue produced by these schemas; messages that are not keys (zod's own,
 * e.g. an unknown object key) pass through unchanged.
 */
export function englishValidationMessage(issue: { message: string }): string {
  return isValidationMessageKey(issue.message) ? validationMessages[issue.message] : issue.message;
}
