// The messages Tapwise mails, in every interface language, chosen by the recipient's locale.
import { DEFAULT_LOCALE, isLocale, type Locale } from '@tapwise/contracts';

export type MailTemplate =
  | 'verifyEmail'
  | 'accountExists'
  | 'resetPassword'
  | 'invite'
  | 'overviewReport'
  | 'ruleRun'
  | 'scheduledReport'
  | 'exportAttached'
  | 'exportLink';

interface MailCopy {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/**
 * `{company}` in the invite text is replaced by the company name; `{app}`, `{start}`, `{end}` and
 * `{format}` in the overview report by the app, the period and the file's format (CSV, XLSX);
 * `{rule}`, `{matched}` and `{changes}` in a rule run's notification by the rule's name, its
 * matches and its changes; `{report}`, `{start}`, `{end}` and `{days}` in a scheduled report by
 * its name, window and length; `{file}` in an export's message by the file's name.
 */
const COPY: Record<Locale, Record<MailTemplate, MailCopy>> = {
  en: {
    verifyEmail: {
      subject: 'Verify your email for Tapwise',
      intro: 'Welcome to Tapwise! Please confirm your email address to finish signing up.',
      action: 'Verify email',
      outro: 'The link is valid for 24 hours. If you did not sign up, ignore this message.',
    },
    accountExists: {
      subject: 'You already have a Tapwise account',
      intro:
        'Someone, perhaps you, tried to sign up for Tapwise with this email address, which already has an account.',
      action: 'Sign in or reset your password',
      outro: 'If it was not you, ignore this message: nothing has changed.',
    },
    resetPassword: {
      subject: 'Reset your Tapwise password',
      intro: 'We received a request to reset your password.',
      action: 'Choose a new password',
      outro: 'The link is valid for 1 hour. If you did not ask for it, ignore this message.',
    },
    invite: {
      subject: 'You are invited to {company} on Tapwise',
      intro: 'You have been invited to join {company} on Tapwise.',
      action: 'Accept invitation',
      outro: 'The invitation is valid for 7 days.',
    },
    overviewReport: {
      subject: 'Your Tapwise overview report: {app}',
      intro: 'The overview report for {app} from {start} to {end} is attached as a {format} file.',
      action: 'Open the overview',
      outro: 'This report was requested in Tapwise. If you did not expect it, ignore this message.',
    },
    ruleRun: {
      subject: 'Tapwise rule “{rule}” made changes',
      intro: 'The automation rule “{rule}” matched {matched} and made these changes: {changes}',
      action: 'Open the rule logs',
      outro: "You receive this message because you are a recipient of this rule's notifications.",
    },
    scheduledReport: {
      subject: 'Tapwise report “{report}”: {start} – {end}',
      intro:
        'Your scheduled report “{report}” for {start} – {end}, compared with the {days} days before. The full table is attached as CSV and XLSX.',
      action: 'Open the ads manager',
      outro: 'You receive this report because you are one of its recipients in Tapwise.',
    },
    exportAttached: {
      subject: 'Your Tapwise export: {file}',
      intro: 'Your export {file} is ready and attached to this message.',
      action: 'Download it again',
      outro: 'The file can be downloaded for 24 hours after the export.',
    },
    exportLink: {
      subject: 'Your Tapwise export: {file}',
      intro: 'Your export {file} is ready. It is too large to attach, so download it from Tapwise.',
      action: 'Download the file',
      outro: 'The file can be downloaded for 24 hours after the export.',
    },
  },
  de: {
    verifyEmail: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Tapwise',
      intro:
        'Willkommen bei Tapwise! Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung abzuschließen.',
      action: 'E-Mail bestätigen',
      outro:
        'Der Link ist 24 Stunden gültig. Falls Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
    },
    accountExists: {
      subject: 'Sie haben bereits ein Tapwise-Konto',
      intro:
        'Jemand, vielleicht Sie, wollte sich mit dieser E-Mail-Adresse bei Tapwise registrieren, für die bereits ein Konto besteht.',
      action: 'Anmelden oder Passwort zurücksetzen',
      outro:
        'Falls Sie es nicht waren, ignorieren Sie diese Nachricht: Es hat sich nichts geändert.',
    },
    resetPassword: {
      subject: 'Setzen Sie Ihr Tapwise-Passwort zurück',
      intro: 'Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten.',
      action: 'Neues Passwort wählen',
      outro:
        'Der Link ist 1 Stunde gültig. Falls Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht.',
    },
    invite: {
      subject: 'Einladung zu {company} bei Tapwise',
      intro: 'Sie wurden eingeladen, {company} bei Tapwise beizutreten.',
      action: 'Einladung annehmen',
      outro: 'Die Einladung ist 7 Tage gültig.',
    },
    overviewReport: {
      subject: 'Ihr Tapwise-Übersichtsbericht: {app}',
      intro:
        'Der Übersichtsbericht für {app} vom {start} bis {end} ist als {format}-Datei angehängt.',
      action: 'Übersicht öffnen',
      outro:
        'Dieser Bericht wurde in Tapwise angefordert. Falls Sie ihn nicht erwartet haben, ignorieren Sie diese Nachricht.',
    },
    ruleRun: {
      subject: 'Tapwise-Regel „{rule}“ hat Änderungen vorgenommen',
      intro:
        'Die Automatisierungsregel „{rule}“ hat {matched} Treffer gefunden und diese Änderungen vorgenommen: {changes}',
      action: 'Regelprotokolle öffnen',
      outro:
        'Sie erhalten diese Nachricht, weil Sie Empfänger der Benachrichtigungen dieser Regel sind.',
    },
    scheduledReport: {
      subject: 'Tapwise-Bericht „{report}“: {start} – {end}',
      intro:
        'Ihr geplanter Bericht „{report}“ für {start} – {end}, verglichen mit den {days} Tagen davor. Die vollständige Tabelle ist als CSV und XLSX angehängt.',
      action: 'Anzeigenmanager öffnen',
      outro: 'Sie erhalten diesen Bericht, weil Sie in Tapwise als Empfänger eingetragen sind.',
    },
    exportAttached: {
      subject: 'Ihr Tapwise-Export: {file}',
      intro: 'Ihr Export {file} ist fertig und dieser Nachricht angehängt.',
      action: 'Erneut herunterladen',
      outro: 'Die Datei kann 24 Stunden nach dem Export heruntergeladen werden.',
    },
    exportLink: {
      subject: 'Ihr Tapwise-Export: {file}',
      intro:
        'Ihr Export {file} ist fertig. Er ist zu groß für einen Anhang; laden Sie ihn in Tapwise herunter.',
      action: 'Datei herunterladen',
      outro: 'Die Datei kann 24 Stunden nach dem Export heruntergeladen werden.',
    },
  },
  es: {
    verifyEmail: {
      subject: 'Verifique su correo electrónico para Tapwise',
      intro:
        '¡Bienvenido a Tapwise! Confirme su dirección de correo electrónico para completar el registro.',
      action: 'Verificar correo',
      outro: 'El enlace es válido durante 24 horas. Si no se ha registrado, ignore este mensaje.',
    },
    accountExists: {
      subject: 'Ya tiene una cuenta de Tapwise',
      intro:
        'Alguien, quizá usted, intentó registrarse en Tapwise con esta dirección de correo, que ya tiene una cuenta.',
      action: 'Inicie sesión o restablezca su contraseña',
      outro: 'Si no fue usted, ignore este mensaje: no ha cambiado nada.',
    },
    resetPassword: {
      subject: 'Restablezca su contraseña de Tapwise',
      intro: 'Hemos recibido una solicitud para restablecer su contraseña.',
      action: 'Elegir una contraseña nueva',
      outro: 'El enlace es válido durante 1 hora. Si no lo ha solicitado, ignore este mensaje.',
    },
    invite: {
      subject: 'Invitación a {company} en Tapwise',
      intro: 'Le han invitado a unirse a {company} en Tapwise.',
      action: 'Aceptar invitación',
      outro: 'La invitación es válida durante 7 días.',
    },
    overviewReport: {
      subject: 'Su informe de resumen de Tapwise: {app}',
      intro:
        'El informe de resumen de {app} del {start} al {end} se adjunta como archivo {format}.',
      action: 'Abrir el resumen',
      outro: 'Este informe se solicitó en Tapwise. Si no lo esperaba, ignore este mensaje.',
    },
    ruleRun: {
      subject: 'La regla de Tapwise «{rule}» ha hecho cambios',
      intro:
        'La regla de automatización «{rule}» ha coincidido con {matched} y ha hecho estos cambios: {changes}',
      action: 'Abrir los registros de la regla',
      outro: 'Recibe este mensaje porque es destinatario de las notificaciones de esta regla.',
    },
    scheduledReport: {
      subject: 'Informe de Tapwise «{report}»: {start} – {end}',
      intro:
        'Su informe programado «{report}» del {start} al {end}, comparado con los {days} días anteriores. La tabla completa se adjunta en CSV y XLSX.',
      action: 'Abrir el gestor de anuncios',
      outro: 'Recibe este informe porque es uno de sus destinatarios en Tapwise.',
    },
    exportAttached: {
      subject: 'Su exportación de Tapwise: {file}',
      intro: 'Su exportación {file} está lista y se adjunta a este mensaje.',
      action: 'Descargarla de nuevo',
      outro: 'El archivo se puede descargar durante 24 horas después de la exportación.',
    },
    exportLink: {
      subject: 'Su exportación de Tapwise: {file}',
      intro:
        'Su exportación {file} está lista. Es demasiado grande para adjuntarla; descárguela desde Tapwise.',
      action: 'Descargar el archivo',
      outro: 'El archivo se puede descargar durante 24 horas después de la exportación.',
    },
  },
  ko: {
    verifyEmail: {
      subject: 'Tapwise 이메일 인증',
      intro: 'Tapwise에 오신 것을 환영합니다! 가입을 완료하려면 이메일 주소를 확인해 주세요.',
      action: '이메일 인증',
      outro: '링크는 24시간 동안 유효합니다. 가입하지 않으셨다면 이 메시지를 무시해 주세요.',
    },
    accountExists: {
      subject: '이미 Tapwise 계정이 있습니다',
      intro:
        '누군가(본인일 수도 있습니다) 이미 계정이 있는 이 이메일 주소로 Tapwise 가입을 시도했습니다.',
      action: '로그인하거나 비밀번호 재설정',
      outro: '본인이 아니라면 이 메시지를 무시하세요. 변경된 내용은 없습니다.',
    },
    resetPassword: {
      subject: 'Tapwise 비밀번호 재설정',
      intro: '비밀번호 재설정 요청을 받았습니다.',
      action: '새 비밀번호 설정',
      outro: '링크는 1시간 동안 유효합니다. 요청하지 않으셨다면 이 메시지를 무시해 주세요.',
    },
    invite: {
      subject: 'Tapwise의 {company}에 초대되었습니다',
      intro: 'Tapwise에서 {company}에 참여하도록 초대되었습니다.',
      action: '초대 수락',
      outro: '초대는 7일 동안 유효합니다.',
    },
    overviewReport: {
      subject: 'Tapwise 개요 보고서: {app}',
      intro: '{start}부터 {end}까지 {app}의 개요 보고서를 {format} 파일로 첨부했습니다.',
      action: '개요 열기',
      outro:
        '이 보고서는 Tapwise에서 요청되었습니다. 요청하지 않으셨다면 이 메시지를 무시해 주세요.',
    },
    ruleRun: {
      subject: 'Tapwise 규칙 “{rule}”이(가) 변경을 적용했습니다',
      intro:
        '자동화 규칙 “{rule}”이(가) {matched}개 항목과 일치하여 다음을 변경했습니다: {changes}',
      action: '규칙 로그 열기',
      outro: '이 규칙의 알림 수신자로 지정되어 이 메시지를 받으셨습니다.',
    },
    scheduledReport: {
      subject: 'Tapwise 보고서 “{report}”: {start} – {end}',
      intro:
        '{start} – {end} 기간의 예약 보고서 “{report}”입니다. 이전 {days}일과 비교했습니다. 전체 표는 CSV 및 XLSX 파일로 첨부되어 있습니다.',
      action: '광고 관리자 열기',
      outro: 'Tapwise에서 이 보고서의 수신자로 지정되어 이 메일을 받았습니다.',
    },
    exportAttached: {
      subject: 'Tapwise 내보내기: {file}',
      intro: '내보내기 파일 {file}이(가) 준비되어 이 메시지에 첨부되었습니다.',
      action: '다시 다운로드',
      outro: '파일은 내보낸 후 24시간 동안 다운로드할 수 있습니다.',
    },
    exportLink: {
      subject: 'Tapwise 내보내기: {file}',
      intro:
        '내보내기 파일 {file}이(가) 준비되었습니다. 첨부하기에는 너무 커서 Tapwise에서 다운로드해 주세요.',
      action: '파일 다운로드',
      outro: '파일은 내보낸 후 24시간 동안 다운로드할 수 있습니다.',
    },
  },
  zh: {
    verifyEmail: {
      subject: '验证您的 Tapwise 电子邮件',
      intro: '欢迎使用 Tapwise！请确认您的电子邮件地址以完成注册。',
      action: '验证电子邮件',
      outro: '链接在 24 小时内有效。如果您没有注册，请忽略此邮件。',
    },
    accountExists: {
      subject: '您已拥有 Tapwise 账户',
      intro: '有人（可能是您）尝试使用此电子邮件地址注册 Tapwise，但该地址已有账户。',
      action: '登录或重置密码',
      outro: '如果不是您本人操作，请忽略此邮件：没有任何更改。',
    },
    resetPassword: {
      subject: '重置您的 Tapwise 密码',
      intro: '我们收到了重置您密码的请求。',
      action: '设置新密码',
      outro: '链接在 1 小时内有效。如果这不是您的请求，请忽略此邮件。',
    },
    invite: {
      subject: '您被邀请加入 Tapwise 上的 {company}',
      intro: '您已被邀请加入 Tapwise 上的 {company}。',
      action: '接受邀请',
      outro: '邀请在 7 天内有效。',
    },
    overviewReport: {
      subject: '您的 Tapwise 概览报告：{app}',
      intro: '{app} 从 {start} 到 {end} 的概览报告已作为 {format} 文件附上。',
      action: '打开概览',
      outro: '此报告是在 Tapwise 中请求的。如果您没有预期收到此邮件，请忽略。',
    },
    ruleRun: {
      subject: 'Tapwise 规则“{rule}”已做出更改',
      intro: '自动化规则“{rule}”匹配了 {matched} 项，并做出以下更改：{changes}',
      action: '打开规则日志',
      outro: '您收到此邮件，是因为您是此规则通知的收件人。',
    },
    scheduledReport: {
      subject: 'Tapwise 报告“{report}”：{start} – {end}',
      intro:
        '您的定时报告“{report}”，时间范围 {start} – {end}，与之前 {days} 天进行比较。完整表格以 CSV 和 XLSX 文件附上。',
      action: '打开广告管理器',
      outro: '您收到此报告是因为您是 Tapwise 中该报告的收件人之一。',
    },
    exportAttached: {
      subject: '您的 Tapwise 导出：{file}',
      intro: '您的导出文件 {file} 已准备好，并已附在此邮件中。',
      action: '再次下载',
      outro: '导出后 24 小时内可以下载该文件。',
    },
    exportLink: {
      subject: '您的 Tapwise 导出：{file}',
      intro: '您的导出文件 {file} 已准备好。文件太大，无法作为附件发送，请在 Tapwise 中下载。',
      action: '下载文件',
      outro: '导出后 24 小时内可以下载该文件。',
    },
  },
  ja: {
    verifyEmail: {
      subject: 'Tapwise のメールアドレスを確認してください',
      intro: 'Tapwise へようこそ。登録を完了するには、メールアドレスを確認してください。',
      action: 'メールアドレスを確認',
      outro:
        'このリンクの有効期限は 24 時間です。心当たりがない場合は、このメールを無視してください。',
    },
    accountExists: {
      subject: 'Tapwise のアカウントはすでにあります',
      intro:
        'どなたか（ご本人かもしれません）が、すでにアカウントのあるこのメールアドレスで Tapwise に登録しようとしました。',
      action: 'サインインまたはパスワードの再設定',
      outro: 'お心当たりがない場合は、このメッセージを無視してください。何も変更されていません。',
    },
    resetPassword: {
      subject: 'Tapwise のパスワードをリセット',
      intro: 'パスワードのリセットのリクエストを受け付けました。',
      action: '新しいパスワードを設定',
      outro:
        'このリンクの有効期限は 1 時間です。心当たりがない場合は、このメールを無視してください。',
    },
    invite: {
      subject: 'Tapwise の {company} に招待されました',
      intro: 'Tapwise の {company} への参加に招待されました。',
      action: '招待を承認',
      outro: '招待の有効期限は 7 日間です。',
    },
    overviewReport: {
      subject: 'Tapwise 概要レポート: {app}',
      intro: '{app} の {start} から {end} までの概要レポートを {format} ファイルで添付しました。',
      action: '概要を開く',
      outro:
        'このレポートは Tapwise でリクエストされました。心当たりがない場合は、このメールを無視してください。',
    },
    ruleRun: {
      subject: 'Tapwise のルール「{rule}」が変更を行いました',
      intro: '自動化ルール「{rule}」が {matched} 件に一致し、次の変更を行いました：{changes}',
      action: 'ルールのログを開く',
      outro: 'このルールの通知の受信者に指定されているため、このメッセージをお送りしています。',
    },
    scheduledReport: {
      subject: 'Tapwise レポート「{report}」：{start} – {end}',
      intro:
        '{start} – {end} の定期レポート「{report}」です（直前の {days} 日間との比較）。全体の表を CSV と XLSX で添付しています。',
      action: '広告マネージャを開く',
      outro: 'Tapwise でこのレポートの受信者に指定されているため、このメールをお送りしています。',
    },
    exportAttached: {
      subject: 'Tapwise のエクスポート: {file}',
      intro: 'エクスポート {file} の準備ができました。このメールに添付しています。',
      action: 'もう一度ダウンロード',
      outro: 'ファイルはエクスポート後 24 時間ダウンロードできます。',
    },
    exportLink: {
      subject: 'Tapwise のエクスポート: {file}',
      intro:
        'エクスポート {file} の準備ができました。添付するには大きすぎるため、Tapwise からダウンロードしてください。',
      action: 'ファイルをダウンロード',
      outro: 'ファイルはエクスポート後 24 時間ダウンロードできます。',
    },
  },
  fr: {
    verifyEmail: {
      subject: 'Vérifiez votre adresse e-mail pour Tapwise',
      intro:
        'Bienvenue sur Tapwise ! Veuillez confirmer votre adresse e-mail pour terminer votre inscription.',
      action: 'Vérifier l’adresse e-mail',
      outro: 'Le lien est valable 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.',
    },
    accountExists: {
      subject: 'Vous avez déjà un compte Tapwise',
      intro:
        'Quelqu’un, peut-être vous, a essayé de s’inscrire sur Tapwise avec cette adresse e-mail, qui a déjà un compte.',
      action: 'Se connecter ou réinitialiser le mot de passe',
      outro: 'Si ce n’était pas vous, ignorez ce message : rien n’a changé.',
    },
    resetPassword: {
      subject: 'Réinitialisez votre mot de passe Tapwise',
      intro: 'Nous avons reçu une demande de réinitialisation de votre mot de passe.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Le lien est valable 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    },
    invite: {
      subject: 'Invitation à rejoindre {company} sur Tapwise',
      intro: 'Vous avez été invité à rejoindre {company} sur Tapwise.',
      action: 'Accepter l’invitation',
      outro: 'L’invitation est valable 7 jours.',
    },
    overviewReport: {
      subject: 'Votre rapport de synthèse Tapwise : {app}',
      intro: 'Le rapport de synthèse de {app} du {start} au {end} est joint au format {format}.',
      action: 'Ouvrir la synthèse',
      outro:
        'Ce rapport a été demandé dans Tapwise. Si vous ne l’attendiez pas, ignorez ce message.',
    },
    ruleRun: {
      subject: 'La règle Tapwise « {rule} » a effectué des modifications',
      intro:
        'La règle d’automatisation « {rule} » a trouvé {matched} correspondances et a effectué ces modifications : {changes}',
      action: 'Ouvrir les journaux de la règle',
      outro: 'Vous recevez ce message car vous êtes destinataire des notifications de cette règle.',
    },
    scheduledReport: {
      subject: 'Rapport Tapwise « {report} » : {start} – {end}',
      intro:
        'Votre rapport planifié « {report} » du {start} au {end}, comparé aux {days} jours précédents. Le tableau complet est joint aux formats CSV et XLSX.',
      action: 'Ouvrir le gestionnaire de publicités',
      outro: 'Vous recevez ce rapport car vous en êtes destinataire dans Tapwise.',
    },
    exportAttached: {
      subject: 'Votre export Tapwise : {file}',
      intro: 'Votre export {file} est prêt et joint à ce message.',
      action: 'Le télécharger à nouveau',
      outro: 'Le fichier peut être téléchargé pendant 24 heures après l’export.',
    },
    exportLink: {
      subject: 'Votre export Tapwise : {file}',
      intro:
        'Votre export {file} est prêt. Il est trop volumineux pour être joint ; téléchargez-le depuis Tapwise.',
      action: 'Télécharger le fichier',
      outro: 'Le fichier peut être téléchargé pendant 24 heures après l’export.',
    },
  },
  ru: {
    verifyEmail: {
      subject: 'Подтвердите адрес электронной почты для Tapwise',
      intro:
        'Добро пожаловать в Tapwise! Подтвердите адрес электронной почты, чтобы завершить регистрацию.',
      action: 'Подтвердить адрес',
      outro:
        'Ссылка действительна 24 часа. Если Вы не регистрировались, просто проигнорируйте это письмо.',
    },
    accountExists: {
      subject: 'У вас уже есть аккаунт Tapwise',
      intro:
        'Кто-то, возможно вы, пытался зарегистрироваться в Tapwise с этим адресом электронной почты, для которого уже есть аккаунт.',
      action: 'Войти или сбросить пароль',
      outro: 'Если это были не вы, проигнорируйте это сообщение: ничего не изменилось.',
    },
    resetPassword: {
      subject: 'Сброс пароля Tapwise',
      intro: 'Мы получили запрос на сброс Вашего пароля.',
      action: 'Задать новый пароль',
      outro: 'Ссылка действительна 1 час. Если Вы не запрашивали сброс, проигнорируйте это письмо.',
    },
    invite: {
      subject: 'Приглашение в {company} в Tapwise',
      intro: 'Вас пригласили присоединиться к {company} в Tapwise.',
      action: 'Принять приглашение',
      outro: 'Приглашение действительно 7 дней.',
    },
    overviewReport: {
      subject: 'Ваш обзорный отчёт Tapwise: {app}',
      intro: 'Обзорный отчёт по {app} с {start} по {end} приложен в виде {format}-файла.',
      action: 'Открыть обзор',
      outro:
        'Этот отчёт был запрошен в Tapwise. Если Вы его не ожидали, просто проигнорируйте это письмо.',
    },
    ruleRun: {
      subject: 'Правило Tapwise «{rule}» внесло изменения',
      intro:
        'Правило автоматизации «{rule}» нашло {matched} совпадений и внесло эти изменения: {changes}',
      action: 'Открыть журнал правила',
      outro: 'Вы получили это письмо, потому что указаны получателем уведомлений этого правила.',
    },
    scheduledReport: {
      subject: 'Отчёт Tapwise «{report}»: {start} – {end}',
      intro:
        'Ваш запланированный отчёт «{report}» за {start} – {end} в сравнении с {days} предыдущими днями. Полная таблица приложена в форматах CSV и XLSX.',
      action: 'Открыть менеджер рекламы',
      outro: 'Вы получили этот отчёт, потому что указаны его получателем в Tapwise.',
    },
    exportAttached: {
      subject: 'Ваш экспорт Tapwise: {file}',
      intro: 'Ваш экспорт {file} готов и приложен к этому письму.',
      action: 'Скачать ещё раз',
      outro: 'Файл можно скачать в течение 24 часов после экспорта.',
    },
    exportLink: {
      subject: 'Ваш экспорт Tapwise: {file}',
      intro: 'Ваш экспорт {file} готов. Он слишком велик для вложения, скачайте его в Tapwise.',
      action: 'Скачать файл',
      outro: 'Файл можно скачать в течение 24 часов после экспорта.',
    },
  },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderMail(
  template: MailTemplate,
  locale: string,
  params: {
    link: string;
    company?: string;
    values?: Record<string, string>;
    /** A message's own part (a report's figures), placed between the introduction and the link. */
    content?: { html: string; text: string };
  },
): RenderedMail {
  const copy = COPY[isLocale(locale) ? locale : DEFAULT_LOCALE][template];
  const values: Record<string, string> = { company: params.company ?? '', ...params.values };
  const fill = (value: string) =>
    value.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  const [subject, intro, action, outro] = [copy.subject, copy.intro, copy.action, copy.outro].map(
    fill,
  );
  return {
    subject: subject!,
    text: `${intro}\n\n${params.content ? `${params.content.text}\n\n` : ''}${action}: ${params.link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro!)}</p>` +
      (params.content?.html ?? '') +
      `<p><a href="${escapeHtml(params.link)}">${escapeHtml(action!)}</a></p>` +
      `<p>${escapeHtml(outro!)}</p>`,
  };
}

export const MAIL_LOCALES = Object.keys(COPY) as Locale[];
